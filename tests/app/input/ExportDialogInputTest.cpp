// File > Export through the window's file dialog, as a person uses it (real SDL events into
// the running window): the name proposed from the scene, an existing file replaced only after
// the user confirms, and a file that cannot be written named in the error.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "InputDriver.h"
#include "app/App.h"
#include "app/ConfigDir.h"
#include "formats/Importer.h"
#include "formats/SourceExport.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The middle of the widget the app names `name`; a failed expectation if it was not drawn.
std::pair<int, int> widgetCentre(AppSession& app, const std::string& name) {
    const auto w = app.widget(name);
    EXPECT_TRUE(w.has_value()) << name << " was not drawn";
    return w ? std::pair<int, int>{static_cast<int>(((*w)[0] + (*w)[2]) / 2), static_cast<int>(((*w)[1] + (*w)[3]) / 2)}
             : std::pair<int, int>{0, 0};
}

// File > Export > the item of `extension`, with the pointer as a person moves it.
void chooseExportItem(AppSession& app, InputDriver& input, const std::string& extension) {
    auto [fx, fy] = widgetCentre(app, "File menu");
    input.click(fx, fy);
    input.frames(2);
    auto [ex, ey] = widgetCentre(app, "Export menu");
    input.moveTo(ex, ey);  // hovering opens the submenu
    input.frames(3);
    auto [ax, ay] = widgetCentre(app, "export " + extension);
    input.moveTo(ax - 20, ay);
    input.click(ax, ay);
    input.frames(3);
}

class ExportDialog : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = scratchDir("export-dialog");
        // A scene with no file blocks (it opens from anywhere), under a name of its own.
        fs::copy_file(sourceFile("assets/scenes/wrap-edge.json"), dir_ / "ship.json");
        app_ = std::make_unique<AppSession>(sessionOptions(dir_ / "ship.json", dir_));
        ASSERT_TRUE(app_->start());
        input_ = std::make_unique<InputDriver>(*app_);
        input_->frames(3);
    }
    void TearDown() override {
        input_.reset();
        app_.reset();
        fs::remove_all(dir_);
    }

    std::pair<int, int> centre(const std::string& name) { return widgetCentre(*app_, name); }

    // File > Export > MADS / xasm source: the file dialog opens.
    void chooseMadsExport() { chooseExport(".asm"); }
    void chooseExport(const std::string& extension) { chooseExportItem(*app_, *input_, extension); }

    fs::path dir_;
    std::unique_ptr<AppSession> app_;
    std::unique_ptr<InputDriver> input_;
};

// The dialog proposes ship.asm beside ship.json; it exists, so Enter there only asks. Cancel
// goes back to the dialog and leaves the file alone; Replace writes the export over it.
TEST_F(ExportDialog, AnExistingFileIsReplacedOnlyAfterTheUserConfirms) {
    const fs::path target = dir_ / "ship.asm";
    { std::ofstream(target) << "; my own source, not to be lost\n"; }
    const std::string mine = readFile(target);

    chooseMadsExport();
    ASSERT_TRUE(app_->popupShown("Export the scene")) << "File > Export did not open the file dialog";
    input_->key(SDLK_RETURN);  // the proposed name
    input_->frames(2);
    ASSERT_TRUE(app_->popupShown("Replace the file?")) << "an existing file was not asked about";
    EXPECT_EQ(readFile(target), mine) << "the file was replaced before the user confirmed";

    auto [cx, cy] = centre("export cancel");
    input_->click(cx, cy);
    input_->frames(3);
    EXPECT_EQ(readFile(target), mine) << "Cancel replaced the file";
    ASSERT_TRUE(app_->popupShown("Export the scene")) << "Cancel did not go back to the file dialog";

    input_->key(SDLK_RETURN);
    input_->frames(2);
    ASSERT_TRUE(app_->popupShown("Replace the file?"));
    auto [rx, ry] = centre("export replace");
    input_->click(rx, ry);
    input_->frames(2);
    EXPECT_EQ(readFile(target), formats::exportSource(loadScene(dir_ / "ship.json"), formats::SourceLanguage::Mads))
        << "Replace did not write the export";
    EXPECT_NE(app_->status().find("Wrote " + target.string()), std::string::npos) << app_->status();
    EXPECT_FALSE(app_->anyPopupShown());
    // Written through a temporary file beside it, renamed over it: none is left.
    for (const auto& entry : fs::directory_iterator(dir_))
        EXPECT_EQ(entry.path().filename().string().find(".tmp"), std::string::npos) << entry.path();
}

// A name typed into a folder that does not exist: the error says which file.
TEST_F(ExportDialog, AFileThatCannotBeWrittenIsNamedInTheError) {
    chooseMadsExport();
    ASSERT_TRUE(app_->popupShown("Export the scene"));
    const fs::path target = dir_ / "no-such-folder" / "out.asm";
    input_->key(SDLK_a, KMOD_LCTRL);
    input_->key(SDLK_BACKSPACE);
    input_->text(target.string());
    input_->key(SDLK_RETURN);
    input_->frames(2);
    EXPECT_TRUE(app_->popupShown("Problem"));
    EXPECT_NE(app_->errorText().find(target.string()), std::string::npos) << app_->errorText();
    EXPECT_FALSE(fs::exists(target));
}

// A name typed for another kind of file gets the export's extension: the .xex export named
// "mine.s" wrote an executable under a source's name (and would have replaced that source).
TEST_F(ExportDialog, AnExportNamedForAnotherKindOfFileGetsItsOwnExtension) {
    const fs::path source = dir_ / "mine.s";
    { std::ofstream(source) << "; my own source, not to be lost\n"; }
    const std::string mine = readFile(source);
    chooseExport(".xex");
    ASSERT_TRUE(app_->popupShown("Export the scene"));
    input_->key(SDLK_a, KMOD_LCTRL);
    input_->key(SDLK_BACKSPACE);
    input_->text(source.string());
    input_->key(SDLK_RETURN);
    input_->frames(3);
    EXPECT_EQ(readFile(source), mine) << "the source was replaced by an executable";
    EXPECT_TRUE(fs::exists(dir_ / "mine.s.xex")) << app_->errorText();
    EXPECT_TRUE(fs::exists(dir_ / "mine.s.lab")) << app_->errorText();
}

// An Atari program open: its shapes and colours are what it puts in memory as it runs, so
// every Export item is greyed, and the menu says how its frame is exported. (The items wrote a
// blank one-line player, or a source that set up nothing, and said "Wrote".)
TEST_F(ExportDialog, AProgramIsNotExportedAsABlankSceneTheMenuSaysHow) {
    input_.reset();
    app_.reset();
    fs::copy_file(sourceFile("assets/programs/joystick.xex"), dir_ / "mine.xex");
    app_ = std::make_unique<AppSession>(sessionOptions(dir_ / "mine.xex", dir_));
    ASSERT_TRUE(app_->start());
    input_ = std::make_unique<InputDriver>(*app_);
    input_->frames(3);
    ASSERT_TRUE(app_->document().scene().program.has_value()) << app_->errorText();
    for (const char* extension : {".spr", ".asm", ".xex"}) {
        chooseExport(extension);
        EXPECT_TRUE(app_->widget("export program note").has_value()) << "the menu does not say why";
        EXPECT_FALSE(app_->popupShown("Export the scene")) << extension << ": a program exported as a blank scene";
        input_->key(SDLK_ESCAPE);
        input_->key(SDLK_ESCAPE);
        input_->frames(2);
    }
    for (const auto& entry : fs::directory_iterator(dir_))
        EXPECT_TRUE(entry.path().filename() == "mine.xex" || entry.path().filename() == "ship.json" ||
                    fs::is_directory(entry.path()))
            << entry.path() << " written";
}

// An example scene of the app's (or a lesson) exports into the user's documents, not beside
// itself among the app's files (File > Export proposed assets/scenes/default.asm).
TEST(ExportDialogOfAnExample, ProposesTheDocumentsFolderNotTheAppsOwn) {
    const fs::path dir = scratchDir("export-example");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    chooseExportItem(app, input, ".asm");
    ASSERT_TRUE(app.popupShown("Export the scene"));
    input.key(SDLK_RETURN);  // the proposed name, in the proposed folder
    input.frames(3);
    EXPECT_TRUE(fs::exists(documentsDir() / "default.asm")) << app.status();
    EXPECT_FALSE(fs::exists(sourceFile("assets/scenes/default.asm"))) << "written among the app's example scenes";
    fs::remove(sourceFile("assets/scenes/default.asm"));
    fs::remove_all(dir);
}

// A pair of players taller than an .apl frame, exported to one from the window: the file was
// written without their last lines and the status said only "Wrote". A dialog says what is
// left out (the status bar, one line cut short, says there is a note), and OK closes it.
TEST(ExportDialogOfShapes, SaysWhatTheEditorsFileCannotHold) {
    const fs::path dir = scratchDir("export-shapes");
    const fs::path scene = dir / "tall.json";
    saveScene(formats::importFile(sourceFile("tests/data/apl/tall.apm")), scene);  // 52 lines
    AppSession app(sessionOptions(scene, dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    chooseExportItem(app, input, ".apl");
    ASSERT_TRUE(app.popupShown("Export the scene"));
    input.key(SDLK_RETURN);  // the proposed name: tall.apl beside the scene
    input.frames(3);
    EXPECT_TRUE(fs::exists(dir / "tall.apl")) << app.status();
    EXPECT_NE(app.status().find("With a note."), std::string::npos) << app.status();
    ASSERT_TRUE(app.popupShown("Export notes")) << app.status();
    EXPECT_EQ(app.exportNotes(),
              std::vector<std::string>{"players 0 and 1 span 52 lines; an .apl file holds the first 48 of a frame"});
    auto [ox, oy] = widgetCentre(app, "export notes ok");
    input.click(ox, oy);
    input.frames(3);
    EXPECT_FALSE(app.popupShown("Export notes"));
    // Again, over the file just written (Replace): Enter closes the notes as it closes an error,
    // and the Enter that chose the file does not close them unseen.
    chooseExportItem(app, input, ".apl");
    ASSERT_TRUE(app.popupShown("Export the scene"));
    input.key(SDLK_RETURN);
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Replace the file?"));
    auto [rx, ry] = widgetCentre(app, "export replace");
    input.click(rx, ry);
    input.frames(3);
    ASSERT_TRUE(app.popupShown("Export notes"));
    input.key(SDLK_RETURN);
    input.frames(3);
    EXPECT_FALSE(app.popupShown("Export notes"));
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
