#include "formats/ZipArchive.h"

#include <zip.h>

#include "formats/FormatError.h"

namespace pmg::formats {

struct ZipArchive::Handle {
    zip_t* zip = nullptr;
    ~Handle() {
        if (zip) zip_discard(zip);  // read only: nothing to write back
    }
};

namespace {

std::string quoted(const std::string& name) { return "entry \"" + name + "\""; }

std::string mebibytes(size_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

// An entry name that would land outside a folder the archive were extracted to: absolute
// ("/x", "\x", "C:x") or with a ".." component. PMG Lab extracts nothing, but such a name
// only comes from a damaged or hostile archive.
bool leavesTheArchive(const std::string& name) {
    if (name.empty()) return false;
    if (name[0] == '/' || name[0] == '\\') return true;
    if (name.size() >= 2 && name[1] == ':') return true;
    size_t start = 0;
    while (start <= name.size()) {
        size_t end = name.find_first_of("/\\", start);
        if (end == std::string::npos) end = name.size();
        if (name.compare(start, end - start, "..") == 0 && end - start == 2) return true;
        start = end + 1;
    }
    return false;
}

// libzip's reason for a failure, in the words a user can act on where one is known.
std::string zipProblem(int code, const std::string& libzipText) {
    switch (code) {
        case ZIP_ER_NOZIP: return "not a zip archive, or a truncated one (its central directory is missing)";
        case ZIP_ER_INCONS: return "a damaged zip archive (its directory and its entries disagree)";
        case ZIP_ER_CRC: return "the data fails its CRC check (a damaged archive)";
        case ZIP_ER_COMPNOTSUPP: return "compressed with a method PMG Lab cannot inflate (only stored and deflate)";
        case ZIP_ER_ENCRNOTSUPP:
        case ZIP_ER_NOPASSWD: return "encrypted; save states are never encrypted";
        default: return "cannot be read (" + libzipText + ")";
    }
}

}  // namespace

ZipArchive::ZipArchive(std::span<const uint8_t> bytes, const std::string& file)
    : zip_(std::make_unique<Handle>()), file_(file) {
    // libzip takes no bytes for an empty archive (one it could create); a file never is one.
    if (bytes.empty()) throw FormatError(file, "an empty file, not a zip archive");
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t* source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
    if (!source) {
        const std::string text = zip_error_strerror(&error);
        zip_error_fini(&error);
        throw FormatError(file, "cannot read it as a zip archive (" + text + ")");
    }
    zip_->zip = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error);
    if (!zip_->zip) {
        zip_source_free(source);
        const int code = zip_error_code_zip(&error);
        const std::string text = zip_error_strerror(&error);
        zip_error_fini(&error);
        throw FormatError(file, zipProblem(code, text));
    }
    zip_error_fini(&error);
    const zip_int64_t entries = zip_get_num_entries(zip_->zip, 0);
    for (zip_int64_t i = 0; i < entries; ++i) {
        const char* name = zip_get_name(zip_->zip, static_cast<zip_uint64_t>(i), ZIP_FL_ENC_RAW);
        if (name && leavesTheArchive(name))
            throw FormatError(
                file,
                quoted(name) +
                    ": a name that leads outside the archive (absolute or with \"..\"); such archives are refused");
    }
}

ZipArchive::~ZipArchive() = default;

bool ZipArchive::contains(const std::string& entry) const { return zip_name_locate(zip_->zip, entry.c_str(), 0) >= 0; }

std::optional<std::vector<uint8_t>> ZipArchive::read(const std::string& entry, size_t limit) const {
    const zip_int64_t index = zip_name_locate(zip_->zip, entry.c_str(), 0);
    if (index < 0) return std::nullopt;
    zip_stat_t stat;
    zip_stat_init(&stat);
    if (zip_stat_index(zip_->zip, static_cast<zip_uint64_t>(index), 0, &stat) != 0 || !(stat.valid & ZIP_STAT_SIZE))
        throw FormatError(file_, quoted(entry) + ": " +
                                     zipProblem(zip_error_code_zip(zip_get_error(zip_->zip)), zip_strerror(zip_->zip)));
    if (stat.size > limit)
        throw FormatError(file_, quoted(entry) + ": declares " + std::to_string(stat.size) +
                                     " bytes; no part of a save state is larger than " + mebibytes(limit));
    zip_file_t* in = zip_fopen_index(zip_->zip, static_cast<zip_uint64_t>(index), 0);
    if (!in)
        throw FormatError(file_, quoted(entry) + ": " +
                                     zipProblem(zip_error_code_zip(zip_get_error(zip_->zip)), zip_strerror(zip_->zip)));
    // Read one byte past the declared size: an entry that inflates further lies about its
    // size (the zip bomb's trick), and reading stops there whatever the data holds.
    std::vector<uint8_t> out(static_cast<size_t>(stat.size) + 1);
    size_t got = 0;
    while (got < out.size()) {
        const zip_int64_t n = zip_fread(in, out.data() + got, out.size() - got);
        if (n < 0) {
            const std::string problem = zipProblem(zip_error_code_zip(zip_file_get_error(in)), zip_file_strerror(in));
            zip_fclose(in);
            throw FormatError(file_, quoted(entry) + ": " + problem);
        }
        if (n == 0) break;
        got += static_cast<size_t>(n);
    }
    zip_fclose(in);
    if (got > stat.size)
        throw FormatError(file_, quoted(entry) + ": inflates to more than the " + std::to_string(stat.size) +
                                     " bytes it declares (a damaged or hostile archive)");
    if (got < stat.size)
        throw FormatError(file_, quoted(entry) + ": holds " + std::to_string(got) + " of the " +
                                     std::to_string(stat.size) + " bytes it declares (a damaged archive)");
    out.resize(got);
    return out;
}

}  // namespace pmg::formats
