// Sweep panel (issue 4): move object B over a range of offsets against object A and show,
// per software method, a map of where it agrees with the hardware.
#include "app/AppContext.h"
#include "app/Panel.h"
#include "app/Panels.h"

#include <imgui.h>

namespace pmg::app {
namespace {

class SweepPanel final : public Panel {
public:
    const char* name() const override { return "Sweep"; }
    PanelSlot slot() const override { return PanelSlot::Results; }
    void draw(AppContext&) override { ImGui::TextUnformatted("Offset sweep"); }
};

}  // namespace

std::unique_ptr<Panel> makeSweepPanel() { return std::make_unique<SweepPanel>(); }

}  // namespace pmg::app
