// The Collisions panel's model (CollisionsView) against collide::compareFrame run on the
// scene independently: same cells, same classification, the grid's squares naming the
// registers they claim to; the comparison recomputed only when the frame changed; and the
// panel itself, drawn headless, marking the selected cell's place for the screen.
#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "HeadlessImGui.h"
#include "ImGuiAssertTrap.h"
#include "app/AgreementColours.h"
#include "app/AppContext.h"
#include "app/CollisionsView.h"
#include "app/Panels.h"
#include "collide/Comparison.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;

std::vector<fs::path> exampleScenes() {
    std::vector<fs::path> scenes;
    for (const auto& entry : fs::directory_iterator(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes"))
        if (entry.path().extension() == ".json") scenes.push_back(entry.path());
    std::sort(scenes.begin(), scenes.end());
    return scenes;
}

const fs::path kDefault = fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "default.json";

// The scene run as the Simulation runs it (HITCLR at every frame start), compared with the
// registers the last frame started with: written out here, not taken from the app.
collide::Comparison reference(const Scene& scene, const MachineOptions& options, int frames) {
    Machine m(options);
    prepareScene(scene, m);
    collide::CompareOptions compare;
    for (int f = 0; f < frames; ++f) {
        m.writeRegister(Reg::HITCLR, 0);
        compare.history.frameStart = m.registers();
        m.runFrame();
    }
    compare.history.lineWrites = scene.lineWrites;
    compare.history.sprites = scene.sprites;
    return collide::compareFrame(m, compare);
}

// "M0PL.P1" from the grid's own row and column names.
std::string expectedName(GridCell g) {
    return std::string(gridRowName(g.row)) + (g.playfield() ? "PF." : "PL.") + gridColumnName(g.column);
}

class EveryScene : public testing::TestWithParam<fs::path> {};

TEST_P(EveryScene, GridCellsAreCompareFramesCells) {
    const Scene scene = loadScene(GetParam());
    Document document;
    document.reset(scene, GetParam());
    Simulation simulation;
    simulation.load(document.scene());
    simulation.tick();
    simulation.tick();
    CollisionsView view;
    ASSERT_TRUE(view.refresh(document, simulation));
    const collide::Comparison* got = view.comparison();
    ASSERT_NE(got, nullptr) << view.error();
    const collide::Comparison want = reference(scene, simulation.machine().options(), 3);

    EXPECT_EQ(got->hardware, want.hardware);
    ASSERT_EQ(got->methods.size(), want.methods.size());
    std::set<std::string> seen;
    int selfBits = 0;
    for (int row = 0; row < 8; ++row)
        for (int column = 0; column < 8; ++column) {
            const GridCell g{row, column};
            if (g.self()) {
                ++selfBits;
                EXPECT_EQ(view.cell(got->methods[0], g), nullptr);
                continue;
            }
            EXPECT_EQ(view.hardware(g), (want.hardware[g.reg()] >> g.bit() & 1) != 0) << expectedName(g);
            for (size_t m = 0; m < got->methods.size(); ++m) {
                const collide::Cell* cell = view.cell(got->methods[m], g);
                ASSERT_NE(cell, nullptr);
                EXPECT_EQ(cell->ref.name(), expectedName(g));
                const collide::Cell& w =
                    *std::find_if(want.methods[m].cells.begin(), want.methods[m].cells.end(),
                                  [&](const collide::Cell& c) { return c.ref.name() == expectedName(g); });
                EXPECT_EQ(cell->agreement, w.agreement) << want.methods[m].id << " " << expectedName(g);
                EXPECT_EQ(cell->software, w.software) << want.methods[m].id << " " << expectedName(g);
                EXPECT_EQ(cell->reason, w.reason) << want.methods[m].id << " " << expectedName(g);
                EXPECT_EQ(cell->where, w.where) << want.methods[m].id << " " << expectedName(g);
            }
            seen.insert(expectedName(g));
        }
    EXPECT_EQ(selfBits, 4);
    EXPECT_EQ(seen.size(), static_cast<size_t>(collide::kMatrixCells));
}

INSTANTIATE_TEST_SUITE_P(ExampleScenes, EveryScene, testing::ValuesIn(exampleScenes()),
                         [](const testing::TestParamInfo<fs::path>& info) {
                             std::string name = info.param.stem().string();
                             for (char& c : name)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return name;
                         });

TEST(CollisionsView, RecomputesOnlyWhenTheFrameOrSceneChanged) {
    Document document;
    ASSERT_TRUE(document.open(kDefault)) << document.loadError();
    Simulation simulation;
    simulation.load(document.scene());
    CollisionsView view;
    EXPECT_TRUE(view.refresh(document, simulation));
    EXPECT_FALSE(view.refresh(document, simulation));  // nothing happened
    simulation.tick();                                 // frame 2 starts from frame 1's registers
    view.refresh(document, simulation);
    const int afterSecond = view.computations();
    for (int i = 0; i < 5; ++i) {
        simulation.tick();  // a still scene draws the same frame again
        EXPECT_FALSE(view.refresh(document, simulation));
    }
    EXPECT_EQ(view.computations(), afterSecond);

    // Paused mid-frame: the half-drawn record is not compared; the last whole frame stays.
    simulation.setRunning(false);
    simulation.stepScanline();
    EXPECT_FALSE(view.refresh(document, simulation));
    EXPECT_TRUE(view.stale());
    simulation.stepFrame();

    // An edit that moves P0 changes the scene, the frame and the answer.
    const uint8_t before = view.comparison()->hardware[12];  // P0PL
    document.edit("move P0", [](Scene& s) {
        for (auto& r : s.registers)
            if (r.reg == Reg::HPOSP0) r.value = 200;
    });
    simulation.load(document.scene());
    EXPECT_TRUE(view.refresh(document, simulation));
    EXPECT_FALSE(view.stale());
    EXPECT_EQ(view.comparison()->hardware, simulation.machine().collisions().registers());
    EXPECT_NE(view.comparison()->hardware[12], before);
}

// The All-methods table counts a method's agreement over the cells it can judge: a box method
// that cannot see the playfield's 32 cells reads "27/28", not "27/60" as if it got the 32 wrong,
// and the cells it cannot see are the n/a column's.
TEST(CollisionsView, EveryMethodsAgreementIsOutOfTheCellsItCanJudge) {
    const Scene scene = loadScene(kDefault);
    MachineOptions options;
    options.picture = options.record = true;  // the software methods read the per-pixel record
    const collide::Comparison c = reference(scene, machineOptionsFor(scene, options), 2);
    ASSERT_FALSE(c.methods.empty());
    bool someCannotSee = false;
    for (const collide::MethodResult& m : c.methods) {
        EXPECT_EQ(collide::agreementFraction(m.counts),
                  std::to_string(m.counts.agree()) + "/" + std::to_string(60 - m.counts.notApplicable))
            << m.id;
        EXPECT_EQ(m.counts.judged() + m.counts.notApplicable, 60) << m.id;
        someCannotSee |= m.counts.notApplicable > 0;
    }
    EXPECT_TRUE(someCannotSee) << "the scene no longer shows a method that cannot see some cells";
}

// The selected cell's last line: which methods get it wrong, or that none does. A cell some
// methods cannot judge (n/a) said "Every method agrees with the hardware here" though they
// gave no answer: it names them.
TEST(CollisionsView, ACellSomeMethodsCannotJudgeNamesThemInsteadOfSayingEveryMethodAgrees) {
    Document document;
    ASSERT_TRUE(document.open(kDefault)) << document.loadError();
    Simulation simulation;
    simulation.load(document.scene());
    CollisionsView view;
    view.refresh(document, simulation);
    const collide::Comparison* c = view.comparison();
    ASSERT_NE(c, nullptr);
    int wrongCells = 0, silentCells = 0, agreedCells = 0;
    for (int row = 0; row < 8; ++row)
        for (int column = 0; column < 8; ++column) {
            const GridCell g{row, column};
            if (g.self()) continue;
            std::vector<std::string> wrong, silent;
            for (const collide::MethodResult& m : c->methods) {
                const collide::Cell* cell = view.cell(m, g);
                if (!cell) continue;
                if (cell->agreement == collide::Agreement::FalseAlarm || cell->agreement == collide::Agreement::Missed)
                    wrong.push_back(m.name);
                if (cell->agreement == collide::Agreement::NotApplicable) silent.push_back(m.name);
            }
            const CellVerdict v = view.verdict(g);
            SCOPED_TRACE(v.text);
            EXPECT_EQ(v.anyWrong, !wrong.empty());
            for (const std::string& name : wrong) EXPECT_NE(v.text.find(name), std::string::npos) << name;
            if (!wrong.empty()) {
                ++wrongCells;
                EXPECT_EQ(v.text.rfind("Wrong here: ", 0), 0u);
            } else if (!silent.empty()) {
                ++silentCells;
                EXPECT_EQ(v.text.find("Every method agrees"), std::string::npos);
                EXPECT_EQ(v.text.rfind("No method is wrong here; ", 0), 0u);
                for (const std::string& name : silent) EXPECT_NE(v.text.find(name), std::string::npos) << name;
            } else {
                ++agreedCells;
                EXPECT_EQ(v.text, "Every method agrees with the hardware here.");
            }
        }
    // The default scene has cells of the first two kinds (some method cannot judge each of its
    // other cells, so none of the third).
    EXPECT_GT(wrongCells, 0);
    EXPECT_GT(silentCells, 0);
    EXPECT_EQ(agreedCells, 0);
}

TEST(CollisionsView, SelectsCellsByName) {
    CollisionsView view;
    EXPECT_TRUE(view.selectByName("aabb:M0PL.P1"));
    ASSERT_TRUE(view.selected);
    EXPECT_EQ(*view.selected, (GridCell{0, 5}));
    EXPECT_EQ(view.methodId(0), "aabb");
    EXPECT_TRUE(view.selectByName("p2pf.pf2"));
    EXPECT_EQ(*view.selected, (GridCell{6, 2}));
    EXPECT_EQ(view.methodId(0), "aabb");         // no method given: unchanged
    EXPECT_FALSE(view.selectByName("P1PL.P1"));  // a player's own bit: GTIA has none
    EXPECT_FALSE(view.selectByName("nosuch:P0PL.P1"));
    EXPECT_FALSE(view.selectByName("P9PF.PF0"));
}

TEST(CollisionsPanel, SelectedCellMarksItsPlaceOnTheScreen) {
    Document document;
    ASSERT_TRUE(document.open(kDefault)) << document.loadError();
    Simulation simulation;
    simulation.load(document.scene());
    ViewOptions viewOptions;
    AppContext ctx(document, simulation, viewOptions);
    std::unique_ptr<Panel> panel = makeCollisionsPanel();
    test::HeadlessImGui imgui;
    const int asserts = test::imguiAssertCount();

    // Every false alarm or miss of any method on this scene, selected in turn by name.
    const collide::Comparison want = reference(document.scene(), simulation.machine().options(), 1);
    int disagreements = 0;
    for (const collide::MethodResult& m : want.methods)
        for (const collide::Cell& c : m.cells) {
            if (c.agreement != collide::Agreement::FalseAlarm && c.agreement != collide::Agreement::Missed) continue;
            ++disagreements;
            ctx.requests.selectCell = m.id + ":" + c.ref.name();
            ctx.mark = {};
            imgui.newFrame(ImVec2(-1, -1));
            ImGui::Begin("panel");
            panel->draw(ctx);
            ImGui::End();
            imgui.endFrame();
            EXPECT_TRUE(ctx.requests.selectCell.empty());
            EXPECT_EQ(ctx.markLabel, c.ref.name());
            const BeamPosition hw = want.firstHits[c.ref.reg * 4 + c.ref.bit];
            EXPECT_EQ(ctx.mark, c.where.valid() ? c.where : hw) << m.id << " " << c.ref.name();
            EXPECT_TRUE(ctx.mark.valid()) << m.id << " " << c.ref.name() << ": a disagreement happened somewhere";
        }
    EXPECT_GT(disagreements, 0) << "the default scene shows disagreements";
    EXPECT_EQ(test::imguiAssertCount(), asserts);
}

}  // namespace
}  // namespace pmg::app
