#include "app/Panels.h"

namespace pmg::app {

std::vector<std::unique_ptr<Panel>> makePanels() {
    std::vector<std::unique_ptr<Panel>> panels;
    panels.push_back(makeFrameControlPanel());
    panels.push_back(makeObjectsPanel());
    panels.push_back(makeRegistersPanel());
    panels.push_back(makePlayfieldPanel());
    panels.push_back(makeLayersPanel());
    panels.push_back(makeCollisionsPanel());
    panels.push_back(makeSweepPanel());
    panels.push_back(makeLessonsPanel());
    panels.push_back(makeProgramPanel());
    panels.push_back(makeMemoryPanel());
    panels.push_back(makeDisplayListPanel());
    panels.push_back(makeAppearancesPanel());
    return panels;
}

}  // namespace pmg::app
