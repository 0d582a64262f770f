// The factories of every panel, one per file in src/app/panels/. To add a panel: write
// src/app/panels/XxxPanel.cpp (a Panel subclass in an anonymous namespace and
// `std::unique_ptr<Panel> makeXxxPanel()`), declare the factory here and add it to the
// list in Panels.cpp. CMake picks the file up by itself; the headless panel test runs it
// on every example scene.
#pragma once

#include <memory>

#include "app/Panel.h"

namespace pmg::app {

std::unique_ptr<Panel> makeFrameControlPanel();
std::unique_ptr<Panel> makeObjectsPanel();
std::unique_ptr<Panel> makeRegistersPanel();
std::unique_ptr<Panel> makePlayfieldPanel();
std::unique_ptr<Panel> makeLayersPanel();
std::unique_ptr<Panel> makeCollisionsPanel();
std::unique_ptr<Panel> makeSweepPanel();
std::unique_ptr<Panel> makeLessonsPanel();
std::unique_ptr<Panel> makeProgramPanel();
std::unique_ptr<Panel> makeMemoryPanel();
std::unique_ptr<Panel> makeDisplayListPanel();
std::unique_ptr<Panel> makeAppearancesPanel();

}  // namespace pmg::app
