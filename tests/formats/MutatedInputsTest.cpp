// Every sample in tests/data, damaged many ways (bytes flipped, cut short, grown, length
// fields made huge), through the importer: each must import or fail with a FormatError that
// names the file, never crash or throw anything else; what imports must also export.
#include <filesystem>
#include <random>

#include <gtest/gtest.h>

#include "formats/FormatError.h"
#include "formats/Importer.h"
#include "formats/XexExport.h"

namespace fs = std::filesystem;
using namespace pmg::formats;

TEST(MutatedInputs, EverySampleDamagedFailsCleanly) {
    std::mt19937 random(20261123);
    int imported = 0, refused = 0;
    for (const char* folder : {"fnt", "mic", "xex", "a8s", "atstate2", "apl", "spr", "mpl", "msl"}) {
        for (const auto& entry : fs::directory_iterator(fs::path(PMGLAB_TEST_DATA_DIR) / folder)) {
            const std::string ext = entry.path().extension().string();
            if (ext == ".md" || ext == ".py") continue;
            const std::vector<uint8_t> original = readInputFile(entry.path());
            const std::string name = "damaged" + ext;
            for (int round = 0; round < 200; ++round) {
                std::vector<uint8_t> bytes = original;
                switch (round % 4) {
                    case 0:  // flip a few bytes near the start, where the headers are
                        for (int k = 0; k < 4 && !bytes.empty(); ++k)
                            bytes[random() % std::min<size_t>(bytes.size(), 300)] ^= static_cast<uint8_t>(random());
                        break;
                    case 1: bytes.resize(random() % (bytes.size() + 1)); break;
                    case 2:
                        bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(random() % (bytes.size() + 1)),
                                     random() % 64, 0xFF);
                        break;
                    case 3:
                        for (int k = 0; k < 16 && !bytes.empty(); ++k) bytes[random() % bytes.size()] = 0xFF;
                        break;
                }
                try {
                    const pmg::Scene scene = importBytes(bytes, name);
                    ++imported;
                    try {
                        (void)exportXex(scene, name);
                    } catch (const FormatError& e) {
                        EXPECT_EQ(std::string(e.what()).rfind(name + ": ", 0), 0u) << e.what();
                    }
                } catch (const FormatError& e) {
                    ++refused;
                    EXPECT_EQ(std::string(e.what()).rfind(name + ": ", 0), 0u) << e.what();
                }
            }
        }
    }
    EXPECT_GT(refused, 100);
    EXPECT_GT(imported, 10);
}
