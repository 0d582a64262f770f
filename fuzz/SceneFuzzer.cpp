// libFuzzer entry point: every input is tried as a scene file, a number, a register name, a
// hex byte string and a palette (SceneInputExercise.h), and as every Atari file format PMG Lab
// reads (FormatsInputExercise.h). Run through fuzz/run-fuzzer.sh.
#include <cstddef>
#include <cstdint>
#include <span>

#include "FormatsInputExercise.h"
#include "SceneInputExercise.h"

#ifndef PMGLAB_FUZZ_BASE_DIR
#error "PMGLAB_FUZZ_BASE_DIR must name the folder that \"file\" blocks are resolved against"
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    pmg::fuzz::exerciseSceneInput(std::span<const uint8_t>(data, size), PMGLAB_FUZZ_BASE_DIR);
    pmg::fuzz::exerciseFormatsInput(std::span<const uint8_t>(data, size));  // the Atari file readers
    return 0;
}
