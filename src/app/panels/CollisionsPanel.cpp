// Collisions panel (issue 4): the 16 hardware collision bits beside the same bits computed
// by the software methods of src/collide, cell by cell, with the reason for each.
#include "app/AppContext.h"
#include "app/Panel.h"
#include "app/Panels.h"

#include <imgui.h>

namespace pmg::app {
namespace {

class CollisionsPanel final : public Panel {
public:
    const char* name() const override { return "Collisions"; }
    PanelSlot slot() const override { return PanelSlot::Results; }
    void draw(AppContext&) override { ImGui::TextUnformatted("Hardware vs software collisions"); }
};

}  // namespace

std::unique_ptr<Panel> makeCollisionsPanel() { return std::make_unique<CollisionsPanel>(); }

}  // namespace pmg::app
