#include "formats/Importer.h"

#include <algorithm>
#include <stdexcept>

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

Scene readFont(std::span<const uint8_t> bytes, const std::string& file, const std::string&, const std::string& name,
               const ImportOptions&) {
    return FontFile::read(bytes, file).toScene(name);
}
Scene readAtariPlayerEditor(std::span<const uint8_t> bytes, const std::string& file, const std::string& ext,
                            const std::string& name, const ImportOptions& options) {
    const AplFile apl = AplFile::read(bytes, file, ext == ".apl" ? AplFile::Layout::Apl : AplFile::Layout::Apm);
    // A frame the animation does not have is the user's mistake, not frame 1 or the last.
    if (options.frame >= apl.frames)
        throw FormatError(file, "the animation has " + std::to_string(apl.frames) +
                                    (apl.frames == 1 ? " frame" : " frames") + "; there is no frame " +
                                    std::to_string(options.frame + 1));
    return apl.toScene(name, options.frame);
}
Scene readMadStudio(std::span<const uint8_t> bytes, const std::string& file, const std::string& ext,
                    const std::string& name, const ImportOptions&) {
    if (ext == ".spr") return MadStudioPlayer::read(bytes, file).toScene(name);
    if (ext == ".mpl") return MadStudioMultiPlayer::read(bytes, file).toScene(name);
    return MadStudioMissile::read(bytes, file).toScene(name);
}
Scene readEmulatorState(std::span<const uint8_t> bytes, const std::string& file, const std::string& ext,
                        const std::string& name, const ImportOptions&) {
    if (ext == ".a8s") return A8sFile::read(bytes, file).toScene(name);
    return AltirraStateFile::read(bytes, file).toScene(name);
}
Scene readMicPicture(std::span<const uint8_t> bytes, const std::string& file, const std::string&,
                     const std::string& name, const ImportOptions&) {
    return MicFile::read(bytes, file).toScene(name);
}
Scene readExecutable(std::span<const uint8_t> bytes, const std::string& file, const std::string&,
                     const std::string& name, const ImportOptions&) {
    std::string error;
    auto xex = readXex(bytes, error);
    if (!xex) throw FormatError(file, error);
    return xexToScene(*xex, name);
}

}  // namespace

const std::vector<ImportKind>& importKinds() {
    static const std::vector<ImportKind> kKinds{
        {"Player editors: Atari Player Editor", {".apl", ".apm"}, readAtariPlayerEditor},
        {"Player editors: Mad Studio", {".spr", ".mpl", ".msl"}, readMadStudio},
        {"Emulator states: atari800, Altirra", {".a8s", ".atstate2"}, readEmulatorState},
        {"Character sets", {".fnt", ".set", ".chr"}, readFont},
        {"Micro Illustrator pictures", {".mic"}, readMicPicture},
        {"Executables, as a still picture", {".xex", ".com", ".exe", ".obj"}, readExecutable},
    };
    return kKinds;
}

namespace {
// The kind of `path` by its extension, in any case; null if none.
const ImportKind* kindOf(const std::filesystem::path& path) {
    const std::string ext = lowerExtension(path);
    for (const ImportKind& kind : importKinds())
        if (std::find(kind.extensions.begin(), kind.extensions.end(), ext) != kind.extensions.end()) return &kind;
    return nullptr;
}
}  // namespace

const char* supportedImportExtensions() {
    static const std::string text = [] {
        std::string out;
        for (const ImportKind& kind : importKinds())
            for (const std::string& ext : kind.extensions) out += (out.empty() ? "" : ", ") + ext;
        return out + " (and any file with --raw-mode)";
    }();
    return text.c_str();
}

const std::vector<std::string>& executableExtensions() {
    static const std::vector<std::string>& extensions = []() -> const std::vector<std::string>& {
        for (const ImportKind& kind : importKinds())
            if (kind.read == readExecutable) return kind.extensions;
        throw std::logic_error("the import table has no executables");
    }();
    return extensions;
}

bool isExecutable(const std::filesystem::path& path) {
    const ImportKind* kind = kindOf(path);
    return kind && kind->read == readExecutable;
}

bool isImportable(const std::filesystem::path& path) { return kindOf(path) != nullptr; }

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
    if (const ImportKind* kind = kindOf(path)) return kind->read(bytes, file, ext, name, options);
    throw FormatError(file, "unknown kind of file \"" + ext + "\": PMG Lab imports " + supportedImportExtensions());
}

Scene importFile(const std::filesystem::path& path, const ImportOptions& options) {
    const std::vector<uint8_t> bytes = readInputFile(path);
    return importBytes(bytes, path.string(), options);
}

}  // namespace pmg::formats
