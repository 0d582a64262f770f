// A panel: one tab of the app's side windows. It draws its contents (no Begin/End: the
// app puts panels in windows, tests in a bare test window) from an AppContext, and changes
// the scene only through ctx.document.edit, so every change can be undone.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace pmg::app {

struct AppContext;

// Which of the app's windows a panel lives in (each window shows its panels as tabs).
enum class PanelSlot {
    Control,    // right column, top: a short strip
    Results,    // right column, middle: what collided
    Inspector,  // right column, bottom: editing
};

class Panel {
public:
    virtual ~Panel() = default;
    virtual const char* name() const = 0;
    virtual PanelSlot slot() const = 0;
    virtual void draw(AppContext& ctx) = 0;
    bool visible = true;
};

// Every panel, in the order they appear (the one list; see Panels.cpp).
std::vector<std::unique_ptr<Panel>> makePanels();

}  // namespace pmg::app
