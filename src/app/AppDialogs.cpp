// Opening and saving (File menu, drops, templates, Atari files, lessons), and the modal
// dialogs: unsaved edits before leaving, crash recovery, problems, the keyboard shortcuts.
#include <algorithm>
#include <cctype>
#include <iostream>
#include <system_error>
#include <utility>

#include "app/AppWindow.h"
#include "app/ConfigDir.h"
#include "app/UiHelpers.h"
#include "core/Atari.h"
#include "formats/FormatError.h"
#include "formats/Importer.h"
#include "lesson/Lesson.h"
#include "scene/LoadExecutable.h"

namespace pmg::app {

namespace {
// A scene's name as the file name Save As offers: the name may be any text ("joystick frame
// 1071", "a/b"), a file name a shell takes without quotes and a folder's separator cannot
// split. Letters (UTF-8's too), digits, '.', '_' and '-' stay; a run of anything else becomes
// one '-'.
std::string fileNameFor(const std::string& sceneName) {
    std::string out;
    for (char c : sceneName) {
        // Bytes of UTF-8 letters (0x80 and up) stay: "Spieler überlappen" keeps its ü.
        const auto byte = static_cast<unsigned char>(c);
        const bool keep = std::isalnum(byte) || byte >= 0x80 || c == '.' || c == '_' || c == '-';
        if (keep) out += c;
        else if (!out.empty() && out.back() != '-') out += '-';
    }
    while (!out.empty() && (out.back() == '-' || out.back() == '.')) out.pop_back();
    // Nor a hidden file, nor one a shell takes for an option.
    while (!out.empty() && (out.front() == '.' || out.front() == '-')) out.erase(out.begin());
    return out.empty() ? "scene" : out;
}
}  // namespace

namespace {
// A note as the formats write it ("the file holds ..."), as a sentence of its own.
std::string sentence(std::string note) {
    if (!note.empty() && note[0] >= 'a' && note[0] <= 'z') note[0] = static_cast<char>(note[0] - 'a' + 'A');
    return note + ".";
}
// Not the Import dialog's "Replace the file?": popups of one title share one ImGui id.
constexpr const char* kReplaceScene = "Replace the scene file?";
constexpr const char* kDiskChanged = "File changed on disk";
}  // namespace

void App::openInitialScene() {
    // Crash recovery first: a scene started from a template is the user's own work too.
    // Only one window keeps it: a second one opened while the first runs would take the
    // first one's autosave for a crash's, and write over or remove it.
    if (options_.frames == 0) {
        const fs::path lock = configDir() / "recovery.lock";
        recoveryLock_ = RecoveryLock::acquire(lock);
        if (recoveryLock_) {
            document_.setRecoveryFile(configDir() / "recovery.json");
            recovered_ = document_.readRecovery();
            askRecovery_ = recovered_.has_value();
        } else {
            ctx_.notify("another PMG Lab window is open: it keeps the crash-recovery copy, this one does not");
        }
    }
    if (!options_.newFrom.empty()) {
        for (const Template& t : templates())
            if (t.path.stem() == options_.newFrom) {
                openNow(t.path, true);
                return;
            }
        errorText_ = "no template named " + options_.newFrom + " (File > New from template lists them)";
        showError_ = true;
    }
    const fs::path scene = options_.scene.empty() ? defaultScene() : options_.scene;
    // A template that could not be found has set an error already: it is not the scene's.
    const bool templateError = std::exchange(showError_, false);
    if (formats::isImportable(scene)) {
        openNow(scene);
        if (showError_) {
            std::cerr << "pmglab: " << errorText_ << '\n';
            document_.reset(emptyScene(), {});
            noSceneOpened(scene);
        }
        showError_ = showError_ || templateError;
        return;
    }
    if (document_.open(scene)) {
        openedFile(scene);
    } else {
        errorText_ = document_.loadError();
        showError_ = true;
        std::cerr << "pmglab: " << errorText_ << '\n';
        document_.reset(emptyScene(), {});
        noSceneOpened(scene);
    }
    showError_ = showError_ || templateError;
}

void App::noSceneOpened(const fs::path& scene) {
    // The status bar says what the window holds once the error is closed: an empty machine
    // running nothing, not the scene the user asked for.
    ctx_.notify("no scene open: " + scene.string() + " could not be read (File > Open, or File > New from template)");
}

void App::drawDialogs() {
    if (auto imported = importExport_.drawDialogs([this](const std::string& name) { ctx_.noteWidget(name); })) {
        // The edits were asked about before the import began (requestImport): not again.
        if (std::exchange(importAnswered_, false)) openNow(*imported, false);
        else requestOpen(*imported);
    }
    if (auto chosen = importExport_.takeChosenImport()) requestImport(*chosen);
    if (std::string status = importExport_.takeImportStatus(); !status.empty()) ctx_.notify(std::move(status));
    if (std::string status = importExport_.takeExportStatus(); !status.empty()) ctx_.notify(std::move(status));
    if (std::vector<std::string> notes = importExport_.takeExportNotes(); !notes.empty())
        exportNotes_ = std::move(notes), showExportNotes_ = true;
    if (std::string error = importExport_.takeExportError(); !error.empty())
        errorText_ = std::move(error), showError_ = true;
    if (std::string error = importExport_.takeImportError(); !error.empty())
        errorText_ = std::move(error), showError_ = true;
    emulator_.drawDialogs();
    if (std::string status = emulator_.takeStatus(); !status.empty()) ctx_.notify(std::move(status));
    auto saveAs = [this](const fs::path& path) {
        const bool goOn = std::exchange(continueAfterSaveAs_, false);
        if (document_.saveAs(path)) {
            addRecent(path), ctx_.notify("saved " + path.string());
            if (goOn) continuePending();
        } else {
            pending_ = Pending::None;
            errorText_ = "Cannot save the scene. Your edits are still here.\n\n" + document_.saveError(),
            showError_ = true;
        }
    };
    if (auto chosen = fileDialog_.draw(recent_, [this](const std::string& name) { ctx_.noteWidget(name); })) {
        std::error_code ec;
        if (fileDialog_.mode() == FileDialog::Mode::Open) requestOpen(*chosen);
        else if (fs::exists(*chosen, ec) && (document_.path().empty() || document_.readOnly() || exampleScene() ||
                                             !fs::equivalent(*chosen, document_.path(), ec)))
            replacePath_ = *chosen, askReplace_ = true;  // another file, or the lesson or example itself: asked first
        else if (fs::exists(*chosen, ec) && document_.changedOnDisk())
            // The scene's own file, which another program changed: asked as Save asks.
            continueAfterDiskQuestion_ = std::exchange(continueAfterSaveAs_, false), askDiskChanged_ = true;
        else saveAs(*chosen);
    }
    if (askReplace_) ImGui::OpenPopup(kReplaceScene), askReplace_ = false;
    keepNextModalInWindow();
    if (ImGui::BeginPopupModal(kReplaceScene, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        pushDialogTextWrap(48);
        ImGui::TextWrapped("%s already exists.", replacePath_.string().c_str());
        ImGui::PopTextWrapPos();
        ImGui::TextUnformatted("Replace it with this scene?");
        const bool replace = ImGui::Button("Replace");
        ctx_.noteWidget("save replace");
        ImGui::SameLine();
        const bool cancel = ImGui::Button("Cancel");
        ctx_.noteWidget("save cancel");
        if (replace) {
            ImGui::CloseCurrentPopup();
            saveAs(replacePath_);
        } else if (cancel || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
            // Back to the dialog, to choose another name.
            ImGui::CloseCurrentPopup();
            fileDialog_.show(FileDialog::Mode::SaveAs, replacePath_.parent_path(), replacePath_.filename().string());
        }
        ImGui::EndPopup();
    }
    if (askDiskChanged_) ImGui::OpenPopup(kDiskChanged), askDiskChanged_ = false;
    keepNextModalInWindow();
    if (ImGui::BeginPopupModal(kDiskChanged, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        pushDialogTextWrap(48);
        ImGui::TextWrapped("%s was changed on disk since it was opened or saved here.",
                           document_.path().filename().string().c_str());
        ImGui::PopTextWrapPos();
        ImGui::TextUnformatted("Replace what is there with this scene, or save this scene under another name?");
        const bool replace = ImGui::Button("Replace");
        ctx_.noteWidget("disk changed replace");
        ImGui::SameLine();
        const bool other = ImGui::Button("Save as...");
        ctx_.noteWidget("disk changed save as");
        ImGui::SameLine();
        const bool cancel = ImGui::Button("Cancel");
        ctx_.noteWidget("disk changed cancel");
        const bool goOn = continueAfterDiskQuestion_;
        if (replace) {
            ImGui::CloseCurrentPopup();
            writeInPlace(goOn);
        } else if (other) {
            ImGui::CloseCurrentPopup();
            continueAfterSaveAs_ = goOn;
            fileDialog_.show(FileDialog::Mode::SaveAs, document_.path().parent_path(),
                             document_.path().stem().string() + "-mine.json");
        } else if (cancel || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
            ImGui::CloseCurrentPopup();
            if (goOn) pending_ = Pending::None;  // staying here, with the edits
        }
        ImGui::EndPopup();
    }
    // Save As closed without a file saved: what the unsaved-edits question was about is off.
    if (continueAfterSaveAs_ && !fileDialog_.isOpen() && !ImGui::IsPopupOpen(kReplaceScene))
        continueAfterSaveAs_ = false, pending_ = Pending::None;

    if (askRecovery_) ImGui::OpenPopup("Recover unsaved edits?"), askRecovery_ = false;
    keepNextModalInWindow();
    if (ImGui::BeginPopupModal("Recover unsaved edits?", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        std::string when = recovered_ && recovered_->savedAt
                               ? Document::ageInWords(*recovered_->savedAt, std::chrono::system_clock::now())
                               : "";
        if (!when.empty()) when.insert(0, " ");
        ImGui::Text("PMG Lab did not close cleanly last time.\nUnsaved edits to %s were autosaved%s.",
                    recovered_ && !recovered_->originalPath.empty() ? recovered_->originalPath.string().c_str()
                                                                    : "an untitled scene",
                    when.c_str());
        const bool recover = ImGui::Button("Recover");
        ctx_.noteWidget("recover edits");
        if (recover) {
            document_.resetRecovered(*recovered_);
            // Opened as its file opens: a lesson read-only, in front, with its overlays and methods.
            if (!recovered_->originalPath.empty()) openedFile(recovered_->originalPath);
            // The status bar said what the window held before (a scene that could not be read).
            ctx_.notify("recovered the unsaved edits to " + document_.displayName());
            ImGui::CloseCurrentPopup();
        }
        ImGui::SameLine();
        if (ImGui::Button("Discard")) {
            document_.discardRecovery();
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }

    if (askUnsaved_) ImGui::OpenPopup("Unsaved edits"), askUnsaved_ = false;
    keepNextModalInWindow();
    if (ImGui::BeginPopupModal("Unsaved edits", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        // The question says what each button does: a lesson (read-only) and an untitled scene
        // have no file of the user's to save into, so Save asks for one, then goes on.
        const std::string name = document_.displayName(), next = pendingAction();
        const bool example = exampleScene();
        const bool asNew = document_.path().empty() || document_.readOnly() || example;
        if (document_.readOnly() || example)
            ImGui::Text(
                "You changed the %s %s, which stays as it is.\nSave your changes as a scene of your "
                "own before %s?",
                document_.readOnly() ? "lesson" : "example scene", name.c_str(), next.c_str());
        else if (document_.path().empty()) ImGui::Text("Save this untitled scene before %s?", next.c_str());
        else ImGui::Text("Save your edits to %s before %s?", name.c_str(), next.c_str());
        const bool saveChosen = ImGui::Button(document_.readOnly() || example ? "Save a copy..."
                                              : asNew                         ? "Save as..."
                                                                              : "Save");
        ctx_.noteWidget("unsaved save");
        if (ImGui::IsItemHovered())
            wrappedTooltip((asNew ? "Choose a file of your own for the changes, then go on " : "Save, then go on ") +
                           next);
        if (saveChosen) {
            ImGui::CloseCurrentPopup();
            if (asNew) {  // a lesson is saved as the user's own file
                continueAfterSaveAs_ = true;
                save(true);
            } else {
                saveInPlace(true);
            }
        }
        ImGui::SameLine();
        const bool discard = ImGui::Button("Discard changes");
        ctx_.noteWidget("unsaved discard");
        if (discard) {
            ImGui::CloseCurrentPopup();
            // An import may yet be given up, the edits still here: their recovery copy stays
            // until the imported scene opens (which drops it).
            if (pending_ != Pending::Import) document_.discardRecovery();
            continuePending();
        }
        ImGui::SameLine();
        const bool cancel = ImGui::Button("Cancel");
        ctx_.noteWidget("unsaved cancel");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Stay here with your changes");
        // Escape is Cancel, as in the other questions: it keeps the changes and stays.
        if (cancel || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
            pending_ = Pending::None;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }

    // What an export wrote leaves out, or what the user must do to use it: each note on its own.
    if (showExportNotes_) ImGui::OpenPopup("Export notes"), showExportNotes_ = false;
    keepNextModalInWindow(ImGui::GetFontSize() * 20, ImGui::GetFontSize() * 50);
    if (ImGui::BeginPopupModal("Export notes", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        pushDialogTextWrap(48);
        ImGui::TextUnformatted("The file is written. Before you use it:");
        for (const std::string& note : exportNotes_) {
            ImGui::Bullet();  // (BulletText does not wrap)
            ImGui::TextWrapped("%s", sentence(note).c_str());
        }
        ImGui::PopTextWrapPos();
        // Enter or Escape close it too, as the error dialog, but not the Enter that chose the
        // file in the export dialog: that one is still down the frame the notes appear.
        if (ImGui::IsWindowAppearing()) notesAppeared_ = frame_;
        const bool freshKey =
            frame_ > notesAppeared_ + 1 && (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
                                            ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false));
        if (ImGui::Button("OK") || freshKey) ImGui::CloseCurrentPopup();
        ctx_.noteWidget("export notes ok");
        ImGui::EndPopup();
    }

    if (showError_) ImGui::OpenPopup("Problem"), showError_ = false;
    keepNextModalInWindow(ImGui::GetFontSize() * 20, ImGui::GetFontSize() * 50);
    if (ImGui::BeginPopupModal("Problem", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        pushDialogTextWrap(48);
        ImGui::TextUnformatted(errorText_.c_str());
        ImGui::PopTextWrapPos();
        // Enter closes it, but not the press that caused the error (Enter in a file dialog):
        // that one is still down the frame the popup appears.
        if (ImGui::IsWindowAppearing()) problemAppeared_ = frame_;
        const bool freshEnter =
            frame_ > problemAppeared_ + 1 && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false);
        if (ImGui::Button("OK") || freshEnter) ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    }

    if (showHelp_) ImGui::OpenPopup("Keyboard shortcuts"), showHelp_ = false;
    keepNextModalInWindow();
    if (ImGui::BeginPopupModal("Keyboard shortcuts", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        if (ImGui::BeginTable("##keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
            const auto row = [&](const std::string& keys, const char* help) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(keys.c_str());
                ctx_.noteWidget("shortcut " + keys);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(help);
            };
            for (const Command& c : commands()) row(keysText(c), c.help);
            for (const OtherInput& other : kOtherInput) row(other.keys, other.help);
            ImGui::EndTable();
        }
        ImGui::TextDisabled("Keys go to the panels first while a text field is active.");
        if (ImGui::Button("Close") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
            ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    }
}

void App::continuePending() {
    if (pending_ == Pending::Quit) quit_ = true;
    else if (pending_ == Pending::Open) openNow(pendingPath_, pendingTemplate_);
    else if (pending_ == Pending::Import) importAnswered_ = true, importExport_.readImport(pendingPath_);
    pending_ = Pending::None;
}

void App::requestImport(const fs::path& file) {
    importAnswered_ = false;
    if (askBeforeLeaving()) {
        pending_ = Pending::Import;
        pendingPath_ = file;
        pendingTemplate_ = false;
        askUnsaved_ = true;
    } else {
        importExport_.readImport(file);
    }
}

std::string App::pendingAction() const {
    if (pending_ == Pending::Quit) return "quitting";
    if (pending_ == Pending::Import) return "importing " + pendingPath_.filename().string();
    if (pendingTemplate_) return "starting a new scene from " + pendingPath_.filename().string();
    return "opening " + pendingPath_.filename().string();
}

void App::requestOpen(const fs::path& path, bool fromTemplate) {
    if (askBeforeLeaving()) {
        pending_ = Pending::Open;
        pendingPath_ = path;
        pendingTemplate_ = fromTemplate;
        askUnsaved_ = true;
    } else {
        openNow(path, fromTemplate);
    }
}

const std::vector<App::Template>& App::templates() {
    if (templatesRead_) return templates_;
    templatesRead_ = true;
    std::error_code ec;
    fs::path dir = "assets/templates";
    if (!fs::is_directory(dir, ec)) dir = PMGLAB_TEMPLATES_DIR;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (!isSceneFileName(it->path())) continue;
        try {
            const Scene t = loadScene(it->path());
            templates_.push_back({t.description.empty() ? it->path().stem().string() : t.description, it->path()});
        } catch (const std::exception& e) {
            std::cerr << "pmglab: template skipped: " << e.what() << '\n';
        }
    }
    std::sort(templates_.begin(), templates_.end(),
              [](const Template& a, const Template& b) { return a.path < b.path; });
    return templates_;
}

// A lesson opens read-only and stays out of the Recent menu (the Lessons panel lists them).
void App::openedFile(const fs::path& path) {
    const bool lesson = document_.scene().extra.contains(kLessonKey);
    ctx_.requests.showMethods.clear();  // a lesson's, not yet taken by the Collisions panel: not for this scene
    document_.setReadOnly(lesson);
    if (lesson) {
        frontPanel_ = "Lessons";  // its text is what the class reads next
        // and the grids its text is about, where another tab (Sweep) may be in front
        frontTabs_[static_cast<int>(PanelSlot::Results)] = "Collisions";
    }
    // A lesson sets the overlays its text needs (lesson 3's hidden player must not be painted
    // by the latched-pixel overlay); the user's own come back with the next file.
    if (userOverlays_) view_.overlays = *userOverlays_;
    userOverlays_.reset();
    if (lesson) {
        try {
            const Lesson opened = parseLesson(document_.scene(), path.string());
            if (!opened.overlays.empty()) userOverlays_ = view_.overlays;
            for (const OverlaySetting& setting : opened.overlays)
                if (bool* flag = overlayFlag(view_.overlays, setting.name)) *flag = setting.on;
            // And the software methods its claims are about, beside the hardware: a false alarm
            // of the 6502 box test is not seen with another method chosen.
            std::vector<std::string> methods;
            const auto take = [&](const std::vector<Claim>& claims) {
                for (const Claim& c : claims)
                    if (!c.method.empty() && methods.size() < 2 &&
                        std::find(methods.begin(), methods.end(), c.method) == methods.end())
                        methods.push_back(c.method);
            };
            take(opened.expect);
            for (const TryStep& step : opened.tryThis) take(step.expect);
            ctx_.requests.showMethods = methods;
        } catch (const SceneError&) {
            // The Lessons panel says what is wrong with the lesson.
        }
    } else if (document_.scene().program) frontPanel_ = "Program";
    relayout_ = true;  // the slots share the column differently with a lesson
    if (!lesson) addRecent(path);
}

void App::openNow(const fs::path& path, bool fromTemplate) {
    if (fromTemplate) {
        Document loaded;
        if (!loaded.open(path)) {
            errorText_ = loaded.loadError();
            showError_ = true;
            return;
        }
        // A scene of the user's own: untitled (Save asks where), no template description,
        // file blocks pointing at the same files from the folder Save As starts in.
        Scene scene = loaded.scene();
        scene.name = "untitled";
        scene.description.clear();
        Document::rebaseFileBlocks(scene, path.parent_path(), fs::current_path());
        // Not dirty until the user edits it: untouched, it holds nothing to lose (Save still
        // asks where, as it has no file).
        document_.reset(std::move(scene), {}, false);
        simulation_.startOver();
        ctx_.selected = 0;
        ctx_.notify("new scene from " + path.filename().string());
        return;
    }
    if (formats::isImportable(path)) {
        // A file of the Atari world (an emulator state, a sprite, a font, a picture, an
        // executable's memory): an untitled scene made from it; Save asks where to keep it,
        // and the file itself is never written.
        try {
            Scene scene;
            if (formats::isExecutable(path)) {
                // An Atari program runs on the machine's 6502: the scene names it, nothing else.
                // It is loaded on a machine of its own first: one that cannot start is not
                // opened, and the window stays as it was.
                std::vector<uint8_t> bytes = formats::readInputFile(path);
                MachineOptions quiet;
                quiet.picture = quiet.record = false;
                Atari trial(quiet);
                if (const std::string why = loadExecutable(bytes, trial); !why.empty()) {
                    // A file of data alone (segments, no run or init address) is still a
                    // picture: Import shows it without running anything.
                    const bool dataOnly = why == Atari::kNothingToRun;
                    throw formats::FormatError(
                        path.string(), why + (dataOnly ? ".\n\nFile > Import... shows what its segments load as a "
                                                         "still picture, without running it."
                                                       : ""));
                }
                scene.name = path.stem().string();
                scene.program = SceneProgram{fs::absolute(path).string(), std::move(bytes), std::nullopt};
            } else {
                scene = formats::importFile(path);
            }
            if (scene.program) frontPanel_ = "Program";
            document_.reset(std::move(scene), {}, false);
            addRecent(path);
            relayout_ = true;
            simulation_.startOver();
            ctx_.selected = 0;
            ctx_.notify((formats::isExecutable(path) ? "running " : "imported ") + path.string() +
                        " as an untitled scene (Save keeps it as a scene file)");
        } catch (const std::exception& e) {
            errorText_ = (formats::isExecutable(path) ? "Cannot run the program.\n\n" : "Cannot import the file.\n\n") +
                         std::string(e.what());
            showError_ = true;
        }
        return;
    }
    if (document_.open(path)) {
        openedFile(path);
        simulation_.startOver();
        ctx_.selected = 0;
        ctx_.notify("opened " + path.string());
    } else {
        // The current scene stays; the loader's message says what is wrong and where.
        errorText_ = document_.loadError();
        showError_ = true;
    }
}

bool App::exampleScene() const {
    if (document_.path().empty() || document_.readOnly()) return false;
    std::error_code ec;
    const fs::path file = fs::weakly_canonical(document_.path(), ec);
    if (ec) return false;
    // The examples' folders: the checkout's the window was run from (defaultScene() and the
    // templates look there first), and the source tree's.
    for (const fs::path& root : {fs::path("assets"), fs::path(PMGLAB_ASSETS_DIR)}) {
        if (!fs::is_directory(root, ec)) continue;
        const fs::path assets = fs::weakly_canonical(root, ec);
        if (ec) continue;
        // Inside assets/: the relative path does not climb out of it.
        const fs::path inside = file.lexically_relative(assets);
        if (!inside.empty() && *inside.begin() != "..") return true;
    }
    return false;
}

void App::save(bool as) {
    if (document_.readOnly() || exampleScene()) {
        // Never over the lesson or the example: a file of the user's own, in their documents.
        fileDialog_.show(FileDialog::Mode::SaveAs, documentsDir(), document_.path().stem().string() + "-mine.json");
        ctx_.notify(document_.readOnly() ? "lessons open read-only: save your changes under a new name"
                                         : "the project's example scenes stay as they are: save your changes under "
                                           "a new name");
        return;
    }
    if (as || document_.path().empty()) {
        fs::path folder = documentsDir();
        std::string name = fileNameFor(document_.scene().name) + ".json";
        if (!document_.path().empty()) {
            folder = document_.path().parent_path(), name = document_.path().filename().string();
        } else if (const auto& program = document_.scene().program; program && !program->file.empty()) {
            // A program the user opened (their .xex): its scene belongs beside it, in their project.
            std::error_code ec;
            const fs::path file = fs::absolute(program->file, ec);
            if (!ec && fs::is_directory(file.parent_path(), ec)) folder = file.parent_path();
            name = file.stem().string() + ".json";
        }
        fileDialog_.show(FileDialog::Mode::SaveAs, folder, name);
        return;
    }
    saveInPlace(false);
}

void App::saveInPlace(bool thenContinue) {
    if (document_.changedOnDisk()) {
        askDiskChanged_ = true;
        continueAfterDiskQuestion_ = thenContinue;
        return;
    }
    writeInPlace(thenContinue);
}

void App::writeInPlace(bool thenContinue) {
    if (document_.save()) {
        ctx_.notify("saved " + document_.path().string());
        if (thenContinue) continuePending();
    } else {
        pending_ = Pending::None;
        errorText_ = "Cannot save the scene. Your edits are still here.\n\n" + document_.saveError();
        showError_ = true;
    }
}

}  // namespace pmg::app
