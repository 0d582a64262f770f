// pmglab [SCENE.json] [--frames N --screenshot OUT.png]: the PMG Lab window.
#include <algorithm>
#include <iostream>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>

#include "app/App.h"
#include "app/Panel.h"

int main(int argc, char** argv) {
    pmg::app::AppOptions options;
    std::string scene, screenshot, frameTimes;
    bool plain = false;
    CLI::App cli("PMG Lab: the Atari 800's player-missile graphics and collision registers, live", "pmglab");
    cli.set_version_flag("--version", PMGLAB_VERSION);
    cli.add_option("scene", scene, "Scene file to open (default: assets/scenes/default.json)")->type_name("SCENE.json");
    cli.add_option("--frames", options.frames, "Run this many frames, then exit (for scripts and tests)")
        ->check(CLI::Range(1, 100000))
        ->type_name("N");
    cli.add_option("--screenshot", screenshot, "With --frames: write the window's last frame as a PNG")
        ->type_name("OUT.png");
    cli.add_option("--frame-times", frameTimes, "With --frames: write each frame's time in ms, one a line")
        ->type_name("FILE");
    cli.add_flag("--no-overlays", plain, "Draw the screen without overlays");
    cli.add_flag("--crt", options.crt, "Start with the CRT scan-line look");
    cli.add_flag("--square-pixels", options.squarePixels,
                 "Draw colour clocks square instead of in the TV's proportions (NTSC 1.71:1, PAL 2.08:1)");
    cli.add_flag("--all-overlays", options.allOverlays,
                 "Start with every overlay on (boxes, inset boxes, hot spots, corner points...)");
    cli.add_flag("--debug-colours", options.debugColours,
                 "Start with the debug colours (one per object and playfield colour)");
    // One panel per --show/--hide (repeated, or names joined by commas): a list that took every
    // word after it would take the scene's path too.
    cli.add_option("--show", options.show,
                   "Bring this panel's tab to the front (e.g. --show Registers; repeat it, or Objects,Memory)")
        ->type_name("PANEL")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->delimiter(',');
    cli.add_option("--hide", options.hide,
                   "Close this panel at start, for this run only (the View menu opens it; repeat, or Sweep,Memory)")
        ->type_name("PANEL")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->delimiter(',');
    cli.add_option("--select", options.select,
                   "Select this Collisions cell, optionally with a method (e.g. aabb:M0PL.P1)")
        ->type_name("[METHOD:]CELL");
    cli.add_option("--ui-scale", options.uiScale,
                   "Interface scale, e.g. 2 for a projector (Ctrl+plus / minus in the window)")
        ->check(CLI::Range(0.5, 3.0))
        ->type_name("X");
    cli.add_option("--new", options.newFrom,
                   "Start an untitled scene from a template (text-mode-2, game-layout, ...; File > New lists them)")
        ->type_name("TEMPLATE");
    cli.add_option("--size", options.width, "Window width (with --height)")->type_name("W");
    cli.add_option("--height", options.height, "Window height (with --size)")->type_name("H");
    try {
        cli.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return cli.exit(e);
    }
    {
        const auto panels = pmg::app::makePanels();
        std::string names;
        for (const auto& p : panels) names += std::string(names.empty() ? "" : ", ") + p->name();
        for (const auto& [flag, list] : {std::pair{"--show", &options.show}, std::pair{"--hide", &options.hide}})
            for (const std::string& name : *list)
                if (std::none_of(panels.begin(), panels.end(), [&](const auto& p) { return name == p->name(); })) {
                    std::cerr << "pmglab: " << flag << ": there is no panel called \"" << name
                              << "\" (the panels: " << names << ")\n";
                    return 2;
                }
    }
    if (!screenshot.empty() && options.frames == 0) {
        std::cerr << "pmglab: --screenshot needs --frames N\n";
        return 2;
    }
    options.scene = scene;
    options.screenshot = screenshot;
    options.frameTimes = frameTimes;
    options.overlays = !plain;
    return pmg::app::runApp(options);
}
