// File > Import through the window's file dialog, as a person uses it (real SDL events into
// the running window): it lists only the Atari files PMG Lab reads, a click on one and on
// Import read it into a scene file the user names (an existing one replaced only after asking),
// which then opens; a bad file's error names the file and the place; unsaved edits are asked
// about before the import begins.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "InputDriver.h"
#include "app/App.h"
#include "app/Document.h"
#include "formats/Importer.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void writeFile(const fs::path& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

class ImportDialog : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = scratchDir("import-dialog");
        // The open scene is in the same folder as the Atari files: the dialog starts there.
        fs::copy_file(sourceFile("assets/scenes/wrap-edge.json"), dir_ / "game.json");
        // A character set (1024 bytes, any bytes are a font), in capitals as from an Atari disk.
        std::string font(1024, '\0');
        for (size_t i = 0; i < font.size(); ++i) font[i] = static_cast<char>(i * 37 + 11);
        writeFile(dir_ / "SHIP.FNT", font);
        // Not an Atari Player Editor file: the first four bytes are not its magic.
        writeFile(dir_ / "broken.apl", std::string(1677, 'x'));
        writeFile(dir_ / "notes.txt", "not an Atari file\n");
        app_ = std::make_unique<AppSession>(sessionOptions(dir_ / "game.json", dir_));
        ASSERT_TRUE(app_->start());
        input_ = std::make_unique<InputDriver>(*app_);
        input_->frames(3);
    }
    void TearDown() override {
        input_.reset();
        app_.reset();
        fs::remove_all(dir_);
    }

    std::pair<int, int> centre(const std::string& name) {
        const auto w = app_->widget(name);
        EXPECT_TRUE(w.has_value()) << name << " was not drawn";
        return w ? std::pair<int, int>{static_cast<int>(((*w)[0] + (*w)[2]) / 2),
                                       static_cast<int>(((*w)[1] + (*w)[3]) / 2)}
                 : std::pair<int, int>{0, 0};
    }

    // File > Import...: the file dialog opens.
    void chooseImport() {
        auto [fx, fy] = centre("File menu");
        input_->click(fx, fy);
        input_->frames(2);
        auto [ix, iy] = centre("import");
        input_->click(ix, iy);
        input_->frames(3);
    }

    // A click on a file of the dialog's list, then on its Import button.
    void pickAndConfirm(const std::string& file) {
        auto [x, y] = centre("file " + file);
        input_->click(x, y);
        auto [bx, by] = centre("file dialog button");
        input_->click(bx, by);
        input_->frames(3);
    }

    fs::path dir_;
    std::unique_ptr<AppSession> app_;
    std::unique_ptr<InputDriver> input_;
};

TEST_F(ImportDialog, ListsTheAtariFilesAndImportsTheOneClickedIntoASceneFileTheUserConfirms) {
    const fs::path scene = dir_ / "SHIP.json";
    writeFile(scene, "{ \"mine\": true }\n");  // the name the dialog proposes is taken
    const std::string mine = readFile(scene);

    chooseImport();
    ASSERT_TRUE(app_->popupShown("Import an Atari file")) << "File > Import did not open the file dialog";
    // The Atari files are listed, whatever the case of their extension; scenes and others are not.
    EXPECT_TRUE(app_->widget("file SHIP.FNT").has_value());
    EXPECT_TRUE(app_->widget("file broken.apl").has_value());
    EXPECT_FALSE(app_->widget("file notes.txt").has_value()) << "a file PMG Lab cannot import is offered";
    EXPECT_FALSE(app_->widget("file game.json").has_value()) << "a scene is offered for import";

    pickAndConfirm("SHIP.FNT");
    ASSERT_TRUE(app_->popupShown("Save scene as")) << "the import did not ask where to keep the scene";
    input_->key(SDLK_RETURN);  // the proposed SHIP.json, beside the font
    input_->frames(2);
    ASSERT_TRUE(app_->popupShown("Replace the file?")) << "an existing scene file was not asked about";
    EXPECT_EQ(readFile(scene), mine) << "the file was replaced before the user confirmed";

    auto [rx, ry] = centre("import replace");
    input_->click(rx, ry);
    input_->frames(4);
    EXPECT_FALSE(app_->anyPopupShown());
    const Scene expected = formats::importFile(dir_ / "SHIP.FNT");
    EXPECT_TRUE(loadScene(scene) == expected) << "the scene file is not the imported font";
    EXPECT_EQ(app_->document().path(), scene) << "the imported scene was not opened";
    EXPECT_TRUE(app_->document().scene() == expected);
}

// Cancel in the question about replacing a file goes back to the save dialog, which still says
// what the file is for (it came back as a plain "Save scene as", a walkthrough found).
TEST_F(ImportDialog, CancelInTheReplaceQuestionKeepsTheDialogsPrompt) {
    writeFile(dir_ / "SHIP.json", "{ \"mine\": true }\n");  // the name the dialog proposes is taken
    chooseImport();
    pickAndConfirm("SHIP.FNT");
    ASSERT_TRUE(app_->popupShown("Save scene as"));
    ASSERT_TRUE(app_->widget("file dialog prompt").has_value()) << "no prompt the first time";
    input_->key(SDLK_RETURN);
    input_->frames(2);
    ASSERT_TRUE(app_->popupShown("Replace the file?"));
    auto [cx, cy] = centre("import cancel");
    input_->click(cx, cy);
    input_->frames(4);
    ASSERT_TRUE(app_->popupShown("Save scene as")) << "Cancel did not go back to the dialog";
    EXPECT_TRUE(app_->widget("file dialog prompt").has_value()) << "the dialog no longer says what the file is for";
}

TEST_F(ImportDialog, ABadFileIsNamedInTheErrorWithThePlace) {
    const Scene before = app_->document().scene();
    chooseImport();
    ASSERT_TRUE(app_->popupShown("Import an Atari file"));
    pickAndConfirm("broken.apl");
    EXPECT_TRUE(app_->popupShown("Problem"));
    EXPECT_NE(app_->errorText().find((dir_ / "broken.apl").string() + ": offset $0:"), std::string::npos)
        << app_->errorText();
    EXPECT_FALSE(app_->popupShown("Save scene as")) << "a file that could not be read is offered for saving";
    EXPECT_FALSE(fs::exists(dir_ / "broken.json"));
    EXPECT_TRUE(app_->document().scene() == before) << "the open scene changed";
}

// With edits not saved, the question about them comes before the import's own dialog (it came
// after the imported scene was saved, on its way to opening), the save dialog says what it
// saves, and closing it gives the import up with a word, the edits still there.
TEST_F(ImportDialog, UnsavedEditsAreAskedAboutBeforeTheImportAndAGivenUpImportSaysSo) {
    input_->key(SDLK_RIGHT);  // moves the selected player: an edit
    ASSERT_TRUE(app_->document().dirty());

    chooseImport();
    pickAndConfirm("SHIP.FNT");
    EXPECT_TRUE(app_->popupShown("Unsaved edits")) << "the import did not ask about the edits first";
    EXPECT_FALSE(app_->popupShown("Save scene as")) << "the imported scene was offered for saving first";
    auto [dx, dy] = centre("unsaved discard");
    input_->click(dx, dy);
    input_->frames(3);
    ASSERT_TRUE(app_->popupShown("Save scene as")) << "after the question the import did not go on";
    input_->key(SDLK_RETURN);  // the proposed SHIP.json, beside the font
    input_->frames(4);
    EXPECT_FALSE(app_->anyPopupShown()) << "asked twice";
    EXPECT_EQ(app_->document().path(), dir_ / "SHIP.json") << "the imported scene was not opened";

    // Another edit, another import, the save dialog closed: nothing saved, the edit still here.
    input_->key(SDLK_RIGHT);
    const Scene mine = app_->document().scene();
    chooseImport();
    pickAndConfirm("SHIP.FNT");
    auto [sx, sy] = centre("unsaved discard");
    input_->click(sx, sy);
    input_->frames(3);
    ASSERT_TRUE(app_->popupShown("Save scene as"));
    input_->key(SDLK_ESCAPE);
    input_->frames(3);
    EXPECT_FALSE(app_->anyPopupShown());
    EXPECT_NE(app_->status().find("Import of SHIP.FNT given up"), std::string::npos) << app_->status();
    EXPECT_TRUE(app_->document().scene() == mine) << "the edits were lost";
}

}  // namespace
}  // namespace pmg::app
