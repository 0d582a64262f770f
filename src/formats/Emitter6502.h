#pragma once
// A small 6502 code emitter: bytes at an origin, named labels, absolute and relative
// references resolved when the code is finished. No assembler text in between, so what PMG
// Lab exports does not depend on an assembler being installed.
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace pmg::formats {

class Emitter6502 {
public:
    explicit Emitter6502(uint16_t origin) : origin_(origin) {}

    uint16_t here() const { return static_cast<uint16_t>(origin_ + bytes_.size()); }
    void label(const std::string& name) { labels_[name] = here(); }
    void byte(uint8_t b) { bytes_.push_back(b); }
    void word(uint16_t w) {
        byte(w & 0xFF);
        byte(w >> 8);
    }
    void bytes(const std::vector<uint8_t>& b) { bytes_.insert(bytes_.end(), b.begin(), b.end()); }

    // The few addressing modes the exported program uses.
    void ldaImm(uint8_t v) {
        byte(0xA9);
        byte(v);
    }
    void ldxImm(uint8_t v) {
        byte(0xA2);
        byte(v);
    }
    void ldyImm(uint8_t v) {
        byte(0xA0);
        byte(v);
    }
    void ldaAbs(uint16_t a) {
        byte(0xAD);
        word(a);
    }
    void staAbs(uint16_t a) {
        byte(0x8D);
        word(a);
    }
    void stxAbs(uint16_t a) {
        byte(0x8E);
        word(a);
    }
    void styAbs(uint16_t a) {
        byte(0x8C);
        word(a);
    }
    void ldaAbsX(uint16_t a) {
        byte(0xBD);
        word(a);
    }
    void staAbsX(uint16_t a) {
        byte(0x9D);
        word(a);
    }
    void staAbsY(uint16_t a) {
        byte(0x99);
        word(a);
    }
    void ldaAbsXLabel(const std::string& l) {
        byte(0xBD);
        absRef(l);
    }
    void staAbsXLabel(const std::string& l) {
        byte(0x9D);
        absRef(l);
    }
    void staAbsYLabel(const std::string& l) {
        byte(0x99);
        absRef(l);
    }
    void ldaAbsYLabel(const std::string& l) {
        byte(0xB9);
        absRef(l);
    }
    void staLabel(const std::string& l) {
        byte(0x8D);
        absRef(l);
    }
    void andImm(uint8_t v) {
        byte(0x29);
        byte(v);
    }
    void oraImm(uint8_t v) {
        byte(0x09);
        byte(v);
    }
    void cmpImm(uint8_t v) {
        byte(0xC9);
        byte(v);
    }
    void cpxImm(uint8_t v) {
        byte(0xE0);
        byte(v);
    }
    void cpyImm(uint8_t v) {
        byte(0xC0);
        byte(v);
    }
    void lsrA() { byte(0x4A); }
    void tay() { byte(0xA8); }
    void tax() { byte(0xAA); }
    void inx() { byte(0xE8); }
    void iny() { byte(0xC8); }
    void dex() { byte(0xCA); }
    void sei() { byte(0x78); }
    void pha() { byte(0x48); }
    void pla() { byte(0x68); }
    void ldyAbsXLabel(const std::string& l) {
        byte(0xBC);
        absRef(l);
    }
    void cmpAbs(uint16_t a) {
        byte(0xCD);
        word(a);
    }
    void ldaLabel(const std::string& l) {
        byte(0xAD);
        absRef(l);
    }
    void cld() { byte(0xD8); }
    void jmp(const std::string& l) {
        byte(0x4C);
        absRef(l);
    }
    void wordOf(const std::string& l) { absRef(l); }  // a data word holding a label's address
    void bne(const std::string& l) { branch(0xD0, l); }
    void beq(const std::string& l) { branch(0xF0, l); }
    void bcc(const std::string& l) { branch(0x90, l); }
    void bcs(const std::string& l) { branch(0xB0, l); }
    void bpl(const std::string& l) { branch(0x10, l); }
    void bmi(const std::string& l) { branch(0x30, l); }

    // Resolves every reference; throws std::logic_error for an unknown label or a branch out of reach.
    std::vector<uint8_t> finish() const {
        std::vector<uint8_t> out = bytes_;
        for (const Fixup& f : fixups_) {
            auto it = labels_.find(f.label);
            if (it == labels_.end()) throw std::logic_error("6502 emitter: unknown label " + f.label);
            if (f.relative) {
                const int delta = int(it->second) - int(origin_ + f.offset + 1);
                if (delta < -128 || delta > 127)
                    throw std::logic_error("6502 emitter: branch to " + f.label + " out of reach");
                out[f.offset] = static_cast<uint8_t>(delta & 0xFF);
            } else {
                out[f.offset] = it->second & 0xFF;
                out[f.offset + 1] = it->second >> 8;
            }
        }
        return out;
    }
    uint16_t address(const std::string& l) const { return labels_.at(l); }
    const std::map<std::string, uint16_t>& labels() const { return labels_; }
    uint16_t origin() const { return origin_; }
    size_t size() const { return bytes_.size(); }

private:
    struct Fixup {
        size_t offset;
        std::string label;
        bool relative;
    };
    void absRef(const std::string& l) {
        fixups_.push_back({bytes_.size(), l, false});
        word(0);
    }
    void branch(uint8_t opcode, const std::string& l) {
        byte(opcode);
        fixups_.push_back({bytes_.size(), l, true});
        byte(0);
    }

    uint16_t origin_;
    std::vector<uint8_t> bytes_;
    std::map<std::string, uint16_t> labels_;
    std::vector<Fixup> fixups_;
};

}  // namespace pmg::formats
