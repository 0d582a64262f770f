#include "FormatsInputExercise.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "formats/FormatError.h"
#include "formats/Importer.h"
#include "formats/SourceExport.h"
#include "formats/XexExport.h"
#include "formats/XexFile.h"
#include "scene/Scene.h"

namespace pmg::fuzz {

namespace {

[[noreturn]] void broken(const std::string& what) {
    std::fprintf(stderr, "formats fuzz invariant broken: %s\n", what.c_str());
    std::abort();
}

void exerciseScene(const Scene& scene, const std::string& file) {
    const Scene back = parseScene(sceneToJson(scene), file + ".json", std::filesystem::temp_directory_path());
    if (back.memory != scene.memory || back.registers != scene.registers)
        broken(file + ": the imported scene changed on a save and reload");
    try {
        const formats::XexExport exported = formats::exportXex(scene, file);
        std::string error;
        if (!formats::readXex(formats::writeXex(exported.xex), error))
            broken(file + ": the exported .xex does not read back: " + error);
    } catch (const formats::FormatError& e) {
        if (std::string(e.what()).rfind(file + ": ", 0) != 0)
            broken(std::string("export message without the file: ") + e.what());
    }
    for (auto language :
         {formats::SourceLanguage::Mads, formats::SourceLanguage::Ca65, formats::SourceLanguage::MadPascal,
          formats::SourceLanguage::FastBasic, formats::SourceLanguage::AtariBasic})
        (void)formats::exportSource(scene, language);
}

}  // namespace

void exerciseFormatsInput(std::span<const uint8_t> input) {
    std::string error;
    if (auto xex = formats::readXex(input, error)) {
        if (formats::writeXex(*xex).size() > input.size() + 2) broken("writeXex made a larger file than it read");
    } else if (error.rfind("offset $", 0) != 0) {
        broken("readXex error without an offset: " + error);
    }
    formats::ImportOptions raw;
    raw.rawAnticMode = static_cast<uint8_t>(8 + (input.empty() ? 0 : input[0] % 8));
    for (const char* name : {"fuzz.xex", "fuzz.fnt", "fuzz.mic", "fuzz.a8s", "fuzz.atstate2", "fuzz.apl", "fuzz.apm",
                             "fuzz.spr", "fuzz.mpl", "fuzz.msl", "fuzz.raw"}) {
        const bool isRaw = std::string(name) == "fuzz.raw";
        try {
            const Scene scene = formats::importBytes(input, name, isRaw ? raw : formats::ImportOptions{});
            exerciseScene(scene, name);
        } catch (const formats::FormatError& e) {
            if (std::string(e.what()).rfind(std::string(name) + ": ", 0) != 0)
                broken(std::string("message without the file: ") + e.what());
        }
    }
}

}  // namespace pmg::fuzz
