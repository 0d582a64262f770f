#include "formats/Importer.h"

#include <algorithm>

#include "formats/A8sFile.h"
#include "formats/AltirraStateFile.h"
#include "formats/AplFile.h"
#include "formats/FontFile.h"
#include "formats/FormatError.h"
#include "formats/MadStudioMissile.h"
#include "formats/MadStudioMultiPlayer.h"
#include "formats/MadStudioPlayer.h"
#include "formats/MicFile.h"
#include "formats/XexFile.h"
#include "formats/XexPicture.h"
#include "scene/RegularFile.h"

namespace pmg::formats {

namespace {
// The kinds importBytes reads by their extension, other than the executables (one list each:
// the messages, isImportable and the app's dialogs all read them).
const std::vector<std::string>& otherImportExtensions() {
    static const std::vector<std::string> kExtensions{".a8s", ".atstate2", ".apl", ".apm", ".fnt", ".set",
                                                      ".chr", ".mic",      ".spr", ".mpl", ".msl"};
    return kExtensions;
}
}  // namespace

const char* supportedImportExtensions() {
    static const std::string text = [] {
        std::string out;
        for (const auto* list : {&otherImportExtensions(), &executableExtensions()})
            for (const std::string& ext : *list) out += (out.empty() ? "" : ", ") + ext;
        return out + " (and any file with --raw-mode)";
    }();
    return text.c_str();
}

const std::vector<std::string>& executableExtensions() {
    static const std::vector<std::string> kExtensions{".xex", ".com", ".exe", ".obj"};
    return kExtensions;
}

bool isExecutable(const std::filesystem::path& path) {
    const std::string ext = lowerExtension(path);
    const auto& known = executableExtensions();
    return std::find(known.begin(), known.end(), ext) != known.end();
}

bool isImportable(const std::filesystem::path& path) {
    const std::string ext = lowerExtension(path);
    const auto& known = otherImportExtensions();
    return isExecutable(path) || std::find(known.begin(), known.end(), ext) != known.end();
}

std::vector<uint8_t> readInputFile(const std::filesystem::path& path) {
    const std::string file = path.string();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw FormatError(file, std::filesystem::exists(path, ec) ? "not a regular file" : "no such file");
    const uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) throw FormatError(file, "cannot read its size: " + ec.message());
    if (size > kMaxInputBytes)
        throw FormatError(file, atOffset(kMaxInputBytes, "the file is " + std::to_string(size) +
                                                             " bytes; no supported Atari file is larger than 16 MiB"));
    std::vector<uint8_t> bytes;
    if (const std::string why = readRegularFile(path, static_cast<size_t>(size), bytes); !why.empty())
        throw FormatError(file, "cannot read it: " + why);
    if (bytes.size() != size) throw FormatError(file, "the file changed size while it was read");
    return bytes;
}

Scene importBytes(std::span<const uint8_t> bytes, const std::string& file, const ImportOptions& options) {
    std::filesystem::path path(file);
    const std::string ext = lowerExtension(path);
    const std::string name = path.stem().string();
    if (options.rawAnticMode) return rawScreenToScene(bytes, file, *options.rawAnticMode, name);
    if (ext == ".fnt" || ext == ".set" || ext == ".chr") return FontFile::read(bytes, file).toScene(name);
    if (ext == ".apl" || ext == ".apm") {
        const AplFile apl = AplFile::read(bytes, file, ext == ".apl" ? AplFile::Layout::Apl : AplFile::Layout::Apm);
        // A frame the animation does not have is the user's mistake, not frame 1 or the last.
        if (options.frame >= apl.frames)
            throw FormatError(file, "the animation has " + std::to_string(apl.frames) +
                                        (apl.frames == 1 ? " frame" : " frames") + "; there is no frame " +
                                        std::to_string(options.frame + 1));
        return apl.toScene(name, options.frame);
    }
    if (ext == ".spr") return MadStudioPlayer::read(bytes, file).toScene(name);
    if (ext == ".mpl") return MadStudioMultiPlayer::read(bytes, file).toScene(name);
    if (ext == ".msl") return MadStudioMissile::read(bytes, file).toScene(name);
    if (ext == ".a8s") return A8sFile::read(bytes, file).toScene(name);
    if (ext == ".atstate2") return AltirraStateFile::read(bytes, file).toScene(name);
    if (ext == ".mic") return MicFile::read(bytes, file).toScene(name);
    if (isExecutable(path)) {
        std::string error;
        auto xex = readXex(bytes, error);
        if (!xex) throw FormatError(file, error);
        return xexToScene(*xex, name);
    }
    throw FormatError(file, "unknown kind of file \"" + ext + "\": PMG Lab imports " + supportedImportExtensions());
}

Scene importFile(const std::filesystem::path& path, const ImportOptions& options) {
    const std::vector<uint8_t> bytes = readInputFile(path);
    return importBytes(bytes, path.string(), options);
}

}  // namespace pmg::formats
