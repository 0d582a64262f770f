#include "image/Png.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <system_error>
#include <fcntl.h>
#include <png.h>
#include <unistd.h>

namespace pmg {
namespace {

[[noreturn]] void fail(const char* verb, const std::filesystem::path& path, const std::string& reason) {
    throw std::runtime_error(std::string("cannot ") + verb + " " + path.string() + ": " + reason);
}

// libpng's simplified API reports errors through the png_image instead of longjmp, which
// keeps C++ objects out of setjmp's way. Its destructor releases whatever is still held.
struct PngImage {
    png_image image{};
    PngImage() { image.version = PNG_IMAGE_VERSION; }
    ~PngImage() { png_image_free(&image); }
    PngImage(const PngImage&) = delete;
    PngImage& operator=(const PngImage&) = delete;
    std::string message() const { return image.message[0] ? image.message : "libpng error"; }
};

// Creates a new, uniquely named file next to `path` (same directory, so the final rename
// cannot cross file systems). Mode 0666 lets the umask decide the permissions, as for any
// ordinary file; mkstemp's 0600 would leave the PNG unreadable to others.
int createTemporaryBeside(const std::filesystem::path& path, std::filesystem::path& tmp) {
    for (int attempt = 0; attempt < 100; ++attempt) {
        // Built with += : GCC 12 gives a false -Wrestrict on "." + std::string.
        std::string name(".");
        name += path.filename().string();
        name += ".tmp" + std::to_string(getpid()) + "-" + std::to_string(attempt);
        tmp = path;
        tmp.replace_filename(name);
        int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    errno = EEXIST;
    return -1;
}

}  // namespace

void writePng(const std::filesystem::path& path, const RgbImage& image) {
    if (image.width <= 0 || image.height <= 0 ||
        image.rgb.size() != static_cast<size_t>(image.width) * image.height * 3)
        fail("write", path, "image is empty or its pixel buffer does not match its size");

    if (!path.has_filename()) fail("write", path, "names a directory, not a file");

    std::filesystem::path tmp;
    int fd = createTemporaryBeside(path, tmp);
    if (fd < 0) fail("write", path, std::strerror(errno));
    FILE* file = ::fdopen(fd, "wb");
    if (!file) {
        int e = errno;
        ::close(fd);
        ::unlink(tmp.c_str());
        fail("write", path, std::strerror(e));
    }

    // From here on every failure must remove the temporary file.
    std::string error;
    PngImage png;
    png.image.width = static_cast<png_uint_32>(image.width);
    png.image.height = static_cast<png_uint_32>(image.height);
    png.image.format = PNG_FORMAT_RGB;
    if (!png_image_write_to_stdio(&png.image, file, 0, image.rgb.data(), 0, nullptr)) error = png.message();
    else if (std::fflush(file) != 0 || ::fsync(::fileno(file)) != 0) error = std::strerror(errno);
    if (std::fclose(file) != 0 && error.empty()) error = std::strerror(errno);
    if (error.empty()) {
        std::error_code ec;
        std::filesystem::rename(tmp, path, ec);
        if (ec) error = ec.message();
    }
    if (!error.empty()) {
        ::unlink(tmp.c_str());
        fail("write", path, error);
    }
}

RgbImage readPng(const std::filesystem::path& path) {
    PngImage png;
    if (!png_image_begin_read_from_file(&png.image, path.c_str())) fail("read", path, png.message());
    png.image.format = PNG_FORMAT_RGB;
    RgbImage out = RgbImage::blank(static_cast<int>(png.image.width), static_cast<int>(png.image.height));
    const png_color black{0, 0, 0};
    if (!png_image_finish_read(&png.image, &black, out.rgb.data(), 0, nullptr)) fail("read", path, png.message());
    return out;
}

}  // namespace pmg
