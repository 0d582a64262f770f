// Phantom P/M DMA (docs/hardware.md D8) with a program running: GTIA takes the players from
// whatever the 6502 puts on the bus on the line's first cycles. A NOP sled makes that byte
// known: each NOP reads its opcode and then the next byte, $EA both, so every cycle the CPU
// has reads $EA.
#include <gtest/gtest.h>

#include <vector>

#include "ProgramTestSupport.h"

namespace pmg {
namespace {

using namespace test;

constexpr uint16_t kCode = 0x2000;

// Missile DMA only (DMACTL $14: single line, no display list), GRACTL 2 (players), every
// player at HPOS $80, then a 6000-byte NOP sled and a jump back to it.
std::vector<ProgramSegment> sledProgram() {
    Code c(kCode);
    c.bytes.reserve(8192);  // (also keeps GCC 12 from a false -Wstringop-overflow on the first insert)
    c.op(SEI).imm(LDA_IMM, 0).abs(STA_ABS, 0xD40E);  // no NMIs: the OS's VBI would write DMACTL
    c.imm(LDA_IMM, 0x14).abs(STA_ABS, 0xD400).imm(LDA_IMM, 0x02).abs(STA_ABS, 0xD01D);
    c.imm(LDA_IMM, 0x30).abs(STA_ABS, 0xD407);  // PMBASE $3000: the missile bytes are 0
    for (uint16_t hpos = 0xD000; hpos < 0xD004; ++hpos) c.imm(LDA_IMM, 0x80).abs(STA_ABS, hpos);
    const uint16_t sled = c.here();
    for (int i = 0; i < 6000; ++i) c.op(NOP);
    c.abs(JMP_ABS, sled);
    return {c.segment(), vectorSegment(kRunAddress, kCode)};
}

std::vector<int> clocksOfP(const Atari& atari, int p, int line) {
    std::vector<int> v;
    for (int x = 0; x < kClocksPerLine; ++x)
        if (atari.machine().frame().record(line).objects[static_cast<size_t>(p)].test(x)) v.push_back(x);
    return v;
}

TEST(PhantomDmaProgram, PlayersTakeTheBytesTheCpuPutsOnTheBus) {
    Atari atari;
    std::string error;
    ASSERT_TRUE(atari.loadProgram(sledProgram(), error)) << error;
    atari.runFrame();
    atari.runFrame();
    ASSERT_FALSE(atari.stopped()) << atari.stopMessage();
    // $EA = %11101010 at $80. The sled is 6000 bytes, 12000 cycles: the JMP back (3 cycles a
    // pass) falls on a line's cycles 2-5 on at most a few lines of the frame.
    const std::vector<int> ea = {0x80, 0x81, 0x82, 0x84, 0x86};
    int lines = 0;
    for (int y = 8; y <= 247; ++y)
        if (clocksOfP(atari, 0, y) == ea && clocksOfP(atari, 3, y) == ea) ++lines;
    EXPECT_GE(lines, 230);
    // With no CPU the bus would hold the missile byte, 0: no player pixels at all.
}

TEST(PhantomDmaProgram, WhatTheCpuReadsDecidesThePicture) {
    // The same sled of LDA #$C3 ($A9 $C3: the bus alternates the two bytes): each player gets
    // one of them, so every player shows $A9 or $C3 and, on each line, the two alternate from
    // one player to the next (cycles 2, 3, 4, 5 are consecutive CPU cycles).
    Code c(kCode);
    c.bytes.reserve(8192);  // (also keeps GCC 12 from a false -Wstringop-overflow on the first insert)
    c.op(SEI).imm(LDA_IMM, 0).abs(STA_ABS, 0xD40E);
    c.imm(LDA_IMM, 0x14).abs(STA_ABS, 0xD400).imm(LDA_IMM, 0x02).abs(STA_ABS, 0xD01D);
    c.imm(LDA_IMM, 0x30).abs(STA_ABS, 0xD407);
    for (uint16_t hpos = 0xD000; hpos < 0xD004; ++hpos) c.imm(LDA_IMM, 0x80).abs(STA_ABS, hpos);
    const uint16_t sled = c.here();
    for (int i = 0; i < 3000; ++i) c.imm(LDA_IMM, 0xC3);
    c.abs(JMP_ABS, sled);
    Atari atari;
    std::string error;
    ASSERT_TRUE(atari.loadProgram(std::vector<ProgramSegment>{c.segment(), vectorSegment(kRunAddress, kCode)}, error))
        << error;
    atari.runFrame();
    atari.runFrame();
    ASSERT_FALSE(atari.stopped()) << atari.stopMessage();
    const std::vector<int> a9 = {0x80, 0x82, 0x84, 0x87}, c3 = {0x80, 0x81, 0x86, 0x87};
    int alternating = 0;
    for (int y = 8; y <= 247; ++y) {
        const std::vector<int> p0 = clocksOfP(atari, 0, y), p1 = clocksOfP(atari, 1, y);
        if ((p0 == a9 && p1 == c3 && clocksOfP(atari, 2, y) == a9 && clocksOfP(atari, 3, y) == c3) ||
            (p0 == c3 && p1 == a9 && clocksOfP(atari, 2, y) == c3 && clocksOfP(atari, 3, y) == a9))
            ++alternating;
    }
    EXPECT_GE(alternating, 230);
}

TEST(PhantomDmaProgram, D8_ACpuHeldByWsyncPutsTheAddressItRereadsOnTheBus) {
    // The loop STA WSYNC / JMP loop at $215A. Released on cycle 105, the JMP's operand reads
    // take cycles 105-106, the STA 107-110, and its write on cycle 110 (after 103) holds the
    // 6502 until cycle 105 of the next line: cycle 111 still runs (the JMP's opcode fetch) and
    // the JMP's first operand read, at $215C, is held from cycle 112 on. On the next line the
    // 6502 reads $215C again on every cycle ANTIC leaves it, so with only missile DMA on
    // (cycle 0) the players take that byte, $5A (the loop's low address byte), from the bus
    // of cycles 2-5 on every line. (Keeping the missile byte of cycle 0, 0, they would show
    // nothing.)
    Code c(kCode);
    c.op(SEI).imm(LDA_IMM, 0).abs(STA_ABS, 0xD40E);  // no NMIs: the OS's VBI would write DMACTL
    c.imm(LDA_IMM, 0x14).abs(STA_ABS, 0xD400).imm(LDA_IMM, 0x02).abs(STA_ABS, 0xD01D);
    c.imm(LDA_IMM, 0x30).abs(STA_ABS, 0xD407);  // PMBASE $3000: the missile bytes are 0
    for (uint16_t hpos = 0xD000; hpos < 0xD004; ++hpos) c.imm(LDA_IMM, 0x80).abs(STA_ABS, hpos);
    c.abs(JMP_ABS, 0x215A);
    Code loop(0x215A);
    loop.bytes.reserve(8);
    loop.abs(STA_ABS, 0xD40A).abs(JMP_ABS, 0x215A);
    Atari atari;
    std::string error;
    ASSERT_TRUE(atari.loadProgram(
        std::vector<ProgramSegment>{c.segment(), loop.segment(), vectorSegment(kRunAddress, kCode)}, error))
        << error;
    atari.runFrame();
    atari.runFrame();
    ASSERT_FALSE(atari.stopped()) << atari.stopMessage();
    const std::vector<int> x5a = {0x81, 0x83, 0x84, 0x86};  // $5A = %01011010 at $80
    for (int y = 8; y <= 247; ++y)
        for (int p = 0; p < 4; ++p) ASSERT_EQ(clocksOfP(atari, p, y), x5a) << "player " << p << ", line " << y;
}

}  // namespace
}  // namespace pmg
