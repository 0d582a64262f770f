#include "formats/A8sFile.h"

#include <cstring>

#include <zlib.h>

#include "core/CollisionLatches.h"
#include "formats/BaseScene.h"
#include "formats/FormatError.h"
#include "formats/SavedCollisions.h"

namespace pmg::formats {

std::vector<uint8_t> gunzipIfNeeded(std::span<const uint8_t> bytes, const std::string& file, size_t limit) {
    if (bytes.size() < 2 || bytes[0] != 0x1F || bytes[1] != 0x8B)
        return std::vector<uint8_t>(bytes.begin(), bytes.end());
    z_stream z{};
    if (inflateInit2(&z, 15 + 16) != Z_OK) throw FormatError(file, "zlib could not start");
    std::vector<uint8_t> out;
    std::vector<uint8_t> chunk(64 * 1024);
    z.next_in = const_cast<Bytef*>(bytes.data());
    z.avail_in = static_cast<uInt>(bytes.size());
    int status = Z_OK;
    while (status != Z_STREAM_END) {
        z.next_out = chunk.data();
        z.avail_out = static_cast<uInt>(chunk.size());
        status = inflate(&z, Z_NO_FLUSH);
        if (status != Z_OK && status != Z_STREAM_END) {
            const size_t at = z.total_in;
            inflateEnd(&z);
            throw FormatError(file, atOffset(at, status == Z_BUF_ERROR ? "the gzip data ends early (truncated file)"
                                                                       : "damaged gzip data"));
        }
        out.insert(out.end(), chunk.data(), chunk.data() + (chunk.size() - z.avail_out));
        if (out.size() > limit) {
            inflateEnd(&z);
            throw FormatError(file, "the gzip data inflates to more than " + std::to_string(limit >> 20) +
                                        " MiB; no state of a 64 KiB machine is that large");
        }
    }
    inflateEnd(&z);
    return out;
}

namespace {

// Reads the decompressed state the way atari800's StateSav_Read* do; every read is checked.
class StateReader {
public:
    StateReader(std::span<const uint8_t> data, const std::string& file) : data_(data), file_(file) {}
    size_t offset() const { return at_; }
    void need(size_t n, const char* what) {
        if (data_.size() - at_ < n)
            throw FormatError(file_, atOffset(at_, std::string("the state ends inside ") + what + " (truncated file)"));
    }
    uint8_t u8(const char* what) {
        need(1, what);
        return data_[at_++];
    }
    uint16_t u16(const char* what) {
        need(2, what);
        uint16_t v = static_cast<uint16_t>(data_[at_] | (data_[at_ + 1] << 8));
        at_ += 2;
        return v;
    }
    // atari800's INT: 4 bytes, little endian magnitude, sign in bit 7 of the last byte.
    int32_t i32(const char* what) {
        need(4, what);
        const uint32_t magnitude =
            data_[at_] | (data_[at_ + 1] << 8) | (data_[at_ + 2] << 16) | ((data_[at_ + 3] & 0x7Fu) << 24);
        const bool negative = data_[at_ + 3] & 0x80;
        at_ += 4;
        return negative ? -static_cast<int32_t>(magnitude) : static_cast<int32_t>(magnitude);
    }
    void skip(size_t n, const char* what) {
        need(n, what);
        at_ += n;
    }
    std::vector<uint8_t> bytes(size_t n, const char* what) {
        need(n, what);
        std::vector<uint8_t> v(data_.begin() + static_cast<std::ptrdiff_t>(at_),
                               data_.begin() + static_cast<std::ptrdiff_t>(at_ + n));
        at_ += n;
        return v;
    }
    void fileName(const char* what) {
        const uint16_t length = u16(what);
        skip(length, what);
    }
    [[noreturn]] void fail(size_t at, const std::string& problem) const {
        throw FormatError(file_, atOffset(at, problem));
    }

private:
    std::span<const uint8_t> data_;
    const std::string& file_;
    size_t at_ = 0;
};

}  // namespace

A8sFile A8sFile::read(std::span<const uint8_t> bytes, const std::string& file) {
    const std::vector<uint8_t> data = gunzipIfNeeded(bytes, file, kMaxStateBytes);
    StateReader in(data, file);
    A8sFile state;
    in.need(8, "the header");
    if (std::memcmp(data.data(), "ATARI800", 8) != 0)
        in.fail(0, "not an atari800 state file (it must begin with \"ATARI800\")");
    in.skip(8, "the header");
    const size_t versionAt = in.offset();
    state.version = in.u8("the header");
    if (state.version < 3 || state.version > 8)
        in.fail(versionAt, "state version " + std::to_string(state.version) +
                               " is not one PMG Lab reads (atari800 writes versions 3 to 8)");
    const bool verbose = in.u8("the header") != 0;

    // Atari800_StateRead
    int ramKb = 64;
    if (state.version >= 7) {
        state.pal = in.u8("the machine settings") != 0;
        const size_t typeAt = in.offset();
        state.machineType = in.u8("the machine settings");
        if (state.machineType == 2) in.fail(typeAt, "an Atari 5200 state: PMG Lab models the Atari 800 computers");
        if (state.machineType > 2) in.fail(typeAt, "unknown machine type " + std::to_string(state.machineType));
        if (state.machineType == 1) in.skip(6, "the XL/XE settings");
    } else {
        state.pal = in.u8("the machine settings") == 0;
        const size_t typeAt = in.offset();
        const int type = in.u8("the machine settings");
        static constexpr int kMachine[10] = {0, 1, 1, 1, 2, 0, 1, 1, 1, 1};
        static constexpr int kRam[10] = {48, 64, 128, 320, 16, 16, 16, 576, 1088, 192};
        state.machineType = type < 10 ? kMachine[type] : 1;
        ramKb = type < 10 ? kRam[type] : 64;
        if (state.machineType == 2) in.fail(typeAt, "an Atari 5200 state: PMG Lab models the Atari 800 computers");
        if (ramKb > 64)
            in.fail(typeAt,
                    "a machine with " + std::to_string(ramKb) + " KiB: states with extended memory are not read");
        in.skip(16, "the machine settings");
    }
    if (state.version >= 4) {
        // CARTRIDGE_StateRead
        int type = in.i32("the cartridge");
        if (type != 0) {
            in.fileName("the cartridge file name");
            if (state.version >= 7) in.i32("the cartridge");
            if (state.version >= 8) in.i32("the cartridge");
        }
        if (type < 0) {
            in.i32("the second cartridge");
            in.fileName("the second cartridge file name");
            in.i32("the second cartridge");
            if (state.version >= 8) in.i32("the second cartridge");
        }
        // SIO_StateRead: eight drives
        for (int drive = 0; drive < 8; ++drive) {
            in.i32("the disk drives");
            in.fileName("a disk file name");
        }
    }
    // ANTIC_StateRead
    state.dmactl = in.u8("ANTIC");
    state.chactl = in.u8("ANTIC");
    state.hscrol = in.u8("ANTIC");
    state.vscrol = in.u8("ANTIC");
    state.pmbase = in.u8("ANTIC");
    state.chbase = in.u8("ANTIC");
    state.nmien = in.u8("ANTIC");
    in.skip(7, "ANTIC");  // NMIST, IR, mode, line counter, last line, need_dl, vscrol_off
    state.displayListCounter = in.u16("ANTIC");
    in.skip(2 + 12, "ANTIC");  // screen address, xpos, xpos_limit, ypos
    // CPU_StateRead, with MEMORY_StateRead inside
    state.a = in.u8("the CPU");
    state.p = in.u8("the CPU");
    state.s = in.u8("the CPU");
    state.x = in.u8("the CPU");
    state.y = in.u8("the CPU");
    in.skip(1, "the CPU");  // IRQ
    if (state.machineType == 0 && state.version >= 5) {
        const size_t at = in.offset();
        if (in.i32("the Axlon memory") != 0)
            in.fail(at, "Axlon extended memory: states with extended memory are not read");
        const size_t mosaicAt = in.offset();
        if (in.i32("the Mosaic memory") != 0)
            in.fail(mosaicAt, "Mosaic extended memory: states with extended memory are not read");
    }
    if (state.version >= 7) ramKb = in.i32("the memory size");
    state.ram = in.bytes(65536, "the memory");
    in.skip(65536, "the memory attributes");
    if (state.machineType == 1) {
        if (verbose) in.skip(8192, "the BASIC ROM");
        in.skip(8192, "the RAM under the cartridge");
        if (verbose) in.skip(16384, "the OS ROM");
        in.skip(16384, "the RAM under the OS");
        if (state.version >= 7 && verbose) in.skip(8192, "the XEGS game ROM");
    }
    if (state.version >= 7) {
        const size_t at = in.offset();
        const int banks = in.i32("the memory size");
        if (banks != 0 || ramKb > 64)
            in.fail(at, "a machine with " + std::to_string(ramKb + banks * 16) +
                            " KiB: states with extended memory are not read");
        in.skip(1 + 4, "the memory settings");  // PORTB, cartA0BF_enabled
    }
    state.pc = in.u16("the CPU");
    // GTIA_StateRead
    for (int i = 0; i < 8; ++i) state.gtia[static_cast<size_t>(i)] = in.u8("GTIA");  // HPOSP0-3, HPOSM0-3
    uint8_t pfpm[4];
    for (uint8_t& v : pfpm) v = in.u8("GTIA collisions");
    uint8_t mpl[4], ppl[4];
    for (uint8_t& v : mpl) v = in.u8("GTIA collisions");
    for (uint8_t& v : ppl) v = in.u8("GTIA collisions");
    for (int i = 0x08; i <= 0x1D; ++i)
        state.gtia[static_cast<size_t>(i)] = in.u8("GTIA");  // SIZEP0 .. GRACTL; $1E excluded below
    // The 22 bytes above ran SIZEP0..GRACTL: SIZE x5, GRAF x5, COLPM x4, COLPF x4, COLBK, PRIOR, VDELAY, GRACTL.
    // atari800 keeps playfield collisions per playfield colour (PFnPM: bits 0-3 players, 4-7
    // missiles) and player-player collisions in one triangle; this is its GTIA_GetByte.
    for (int m = 0; m < 4; ++m) {
        uint8_t v = 0;
        for (int pf = 0; pf < 4; ++pf) v |= static_cast<uint8_t>(((pfpm[pf] >> (4 + m)) & 1) << pf);
        state.collisions[static_cast<size_t>(M0PF + m)] = v;
    }
    for (int pl = 0; pl < 4; ++pl) {
        uint8_t v = 0;
        for (int pf = 0; pf < 4; ++pf) v |= static_cast<uint8_t>(((pfpm[pf] >> pl) & 1) << pf);
        state.collisions[static_cast<size_t>(P0PF + pl)] = v;
    }
    for (int m = 0; m < 4; ++m) state.collisions[static_cast<size_t>(M0PL + m)] = mpl[m] & 0x0F;
    state.collisions[P0PL] =
        static_cast<uint8_t>((((ppl[1] & 0x01) << 1) | ((ppl[2] & 0x01) << 2) | ((ppl[3] & 0x01) << 3)));
    state.collisions[P1PL] = static_cast<uint8_t>(((ppl[1] & 0x01) | ((ppl[2] & 0x02) << 1) | ((ppl[3] & 0x02) << 2)));
    state.collisions[P2PL] = static_cast<uint8_t>(((ppl[2] & 0x03) | ((ppl[3] & 0x04) << 1)));
    state.collisions[P3PL] = static_cast<uint8_t>(ppl[3] & 0x07);
    // The rest (console, speaker, PIA, POKEY, ...) is not needed for a picture.
    return state;
}

Scene A8sFile::toScene(const std::string& name) const {
    Scene scene;
    scene.name = name;
    scene.video = pal ? VideoStandard::Pal : VideoStandard::Ntsc;
    scene.description =
        "An atari800 state (version " + std::to_string(version) + "): memory and registers at one instant.";
    putMemory(scene, 0x0000, std::vector<uint8_t>(ram.begin(), ram.begin() + 0xD000));
    putMemory(scene, 0xD800, std::vector<uint8_t>(ram.begin() + 0xD800, ram.end()));
    putRegisters(scene, ram);
    const nlohmann::ordered_json saved = savedCollisionsJson();
    scene.extra[kAtari800StateKey] = {{"version", version},
                                      {"display_list_counter", displayListCounter},
                                      {"cpu", {{"a", a}, {"x", x}, {"y", y}, {"s", s}, {"p", p}, {"pc", pc}}},
                                      {"saved_collisions", saved}};
    return scene;
}

}  // namespace pmg::formats
