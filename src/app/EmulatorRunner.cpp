#include "app/EmulatorRunner.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <exception>

#include <imgui.h>

#include "app/UiHelpers.h"

#include "formats/EmulatorLauncher.h"

namespace fs = std::filesystem;

namespace pmg::app {

namespace {
constexpr const char* kDialog = "Run in emulator";
}

EmulatorRunner::~EmulatorRunner() {
    // The emulators run on after the app; only their exit statuses are collected here.
    for (const Started& s : started_) ::waitpid(s.pid, nullptr, WNOHANG);
}

void EmulatorRunner::setProgram(const std::string& path) {
    program_ = path;
    std::snprintf(edit_, sizeof edit_, "%s", path.c_str());
}

std::string EmulatorRunner::takeStatus() {
    std::string s;
    s.swap(status_);
    return s;
}

void EmulatorRunner::drawMenuItems() {
    if (ImGui::MenuItem("Emulator program...")) {
        error_.clear();
        dialogPending_ = true;
    }
}

void EmulatorRunner::run(const Scene& scene, const fs::path& scenePath) {
    try {
        const fs::path emulator = formats::findEmulator(program_);
        const std::string file =
            scenePath.empty() ? (scene.name.empty() ? "untitled scene" : scene.name) : scenePath.filename().string();
        // A folder of this run's own: the emulator may still read the last one.
        const fs::path directory =
            fs::temp_directory_path() / ("pmglab-" + std::to_string(::getpid()) + "-" + std::to_string(++runs_));
        const formats::EmulatorLaunch launch = formats::prepareEmulatorLaunch(scene, file, emulator, directory);
        std::string error;
        const int pid = formats::startEmulator(launch, error);
        if (pid < 0) throw std::runtime_error(error);
        started_.push_back({pid, emulator.filename().string()});
        char address[8];
        std::snprintf(address, sizeof address, "$%04X", launch.collisionsAddress);
        status_ = "started " + emulator.filename().string() + " with " + launch.xex.string() +
                  " (hold START there for the collision registers; COLLISIONS at " + address + ")";
        error_.clear();
    } catch (const std::exception& e) {
        error_ = e.what();
        dialogPending_ = true;
    }
}

void EmulatorRunner::drawDialogs() {
    // An emulator that stopped at once with an error (a missing OS, a bad option) is reported.
    for (size_t i = 0; i < started_.size();) {
        int status = 0;
        const pid_t done = ::waitpid(started_[i].pid, &status, WNOHANG);
        if (done == 0) {
            ++i;
            continue;
        }
        if (done > 0 && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
            status_ = started_[i].name + (WIFEXITED(status)
                                              ? " stopped with exit status " + std::to_string(WEXITSTATUS(status))
                                              : std::string(" was stopped by a signal"));
        started_.erase(started_.begin() + static_cast<std::ptrdiff_t>(i));
    }
    if (dialogPending_) {
        ImGui::OpenPopup(kDialog);
        dialogPending_ = false;
    }
    keepNextModalInWindow();
    if (!ImGui::BeginPopupModal(kDialog, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    if (!error_.empty()) {
        pushDialogTextWrap(34);
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.55f, 0.45f, 1));
        ImGui::TextWrapped("%s", error_.c_str());
        ImGui::PopStyleColor();
        ImGui::PopTextWrapPos();
    }
    ImGui::TextUnformatted("The emulator program (empty: atari800 or Altirra found on PATH):");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 30);
    if (ImGui::IsWindowAppearing() || refocus_) ImGui::SetKeyboardFocusHere(), refocus_ = false;
    const bool entered = ImGui::InputText("##emulator", edit_, sizeof edit_, ImGuiInputTextFlags_EnterReturnsTrue);
    if (ImGui::Button("OK") || entered) {
        // A path that is not an executable is said at once, in the dialog still open for
        // another; empty is taken as it is (F9 then looks on PATH and says what it finds).
        try {
            if (edit_[0] != '\0') formats::findEmulator(edit_);
            program_ = edit_;
            error_.clear();
            ImGui::CloseCurrentPopup();
        } catch (const std::exception& e) {
            error_ = e.what();
            refocus_ = true;  // the field again, to type another
        }
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
        std::snprintf(edit_, sizeof edit_, "%s", program_.c_str());
        error_.clear();
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

}  // namespace pmg::app
