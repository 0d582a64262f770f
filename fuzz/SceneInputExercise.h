// One input, as a user could hand it to PMG Lab, pushed through every parser of user input
// and, when it is a valid scene, through the machine. Shared by the libFuzzer target and the
// regression test that replays tests/fuzz-regressions/, so a crash found once stays fixed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>

namespace pmg::fuzz {

// Runs `input` as
//  - a scene file (parseScene, with `baseDir` resolving "file" blocks); a scene that loads is
//    saved to text, reloaded (it must come back equal), and run for two frames with the
//    picture and the per-pixel record on, then its warnings are worked out;
//  - a number, a register name and a hex byte string as they appear inside scenes;
//  - a .act palette.
// Bad input must end in a SceneError (or a false from a parser), never in a crash. A broken
// invariant (a round trip that changes the scene, an error message that does not name the
// file, floods the terminal or carries control characters to it) calls std::abort() after
// saying what broke, so the fuzzer keeps the input.
void exerciseSceneInput(std::span<const uint8_t> input, const std::filesystem::path& baseDir);

// The file name parseScene is given; every error message must start with it.
inline constexpr const char* kFuzzSceneName = "fuzz.json";

}  // namespace pmg::fuzz
