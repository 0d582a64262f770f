// Memory edits that keep a scene's "memory" list the way a person would write it: typing
// bytes next to an inline block grows that block instead of adding one block per byte, and a
// raw binary file loaded at an address becomes one "file" block naming the file. Pure
// functions on the Scene, so every edit can go through the Document and be undone.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace pmg::app {

// Writes bytes into the scene's memory (as writeSceneBytes: what the machine then sees is the
// old memory with these bytes over it) with as few inline blocks as that allows: in place
// inside the inline block that already shows these addresses, else by growing an inline
// block they touch, else in a new block; inline blocks left touching each other are joined
// when the order of blocks allows it without changing any byte. Bytes past $FFFF are dropped.
void placeSceneBytes(Scene& scene, uint16_t address, const std::vector<uint8_t>& bytes);

// The block that gives `address` its value (the last one covering it), or -1 when none does
// (the byte is 0 at power-on).
int blockAt(const Scene& scene, uint16_t address);

// Reads a raw binary file to be placed at `address`. Returns "" and fills `bytes`, or a
// message naming the file: it cannot be read, is not a regular file, is empty, or does not
// fit below $10000 from `address`.
std::string readBinaryAt(const std::filesystem::path& file, uint16_t address, std::vector<uint8_t>& bytes);

// The "file" block for a binary file loaded at `address`: the file named relative to the
// scene's folder when the scene has one and the file is near it (in that folder or one beside
// it, as ../fonts/x.fnt), so the scene and its files move together; else in full.
MemoryBlock binaryFileBlock(const std::filesystem::path& file, uint16_t address, std::vector<uint8_t> bytes,
                            const std::filesystem::path& sceneFile);

}  // namespace pmg::app
