// The Sweep panel's background job against collide::sweepPair run directly, its maps as
// pixels, and the panel itself completing a sweep headless and handing every method's map
// to the texture source.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "HeadlessImGui.h"
#include "ImGuiAssertTrap.h"
#include "app/AgreementColours.h"
#include "app/AppContext.h"
#include "app/CollisionsView.h"
#include "app/Panels.h"
#include "app/SweepJob.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;

const fs::path kDefault = fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "default.json";

collide::ObjectSet defaultObjects(Simulation& simulation, Document& document) {
    EXPECT_TRUE(document.open(kDefault)) << document.loadError();
    simulation.load(document.scene());
    return collide::extractObjects(simulation.machine(), frameHistoryOf(document.scene(), simulation));
}

TEST(SweepJob, GivesWhatSweepPairGives) {
    Document document;
    Simulation simulation;
    const collide::ObjectSet objects = defaultObjects(simulation, document);
    collide::SweepOptions options;
    options.a = 0, options.b = 1;
    options.dx = {-6, 9}, options.dy = {-5, 4};
    const collide::SweepResult direct = collide::sweepPair(objects, options);

    SweepJob job;
    EXPECT_FALSE(job.poll());  // nothing started
    ASSERT_TRUE(job.start(objects, options, 7));
    EXPECT_TRUE(job.running());
    EXPECT_FALSE(job.start(objects, options, 8));  // one at a time
    job.wait();
    EXPECT_FALSE(job.running());
    ASSERT_TRUE(job.result());
    EXPECT_TRUE(job.error().empty());
    EXPECT_EQ(job.resultTag(), 7u);
    EXPECT_EQ(job.finished(), 1);
    const collide::SweepResult& got = *job.result();
    EXPECT_EQ(got.hardware, direct.hardware);
    ASSERT_EQ(got.methods.size(), direct.methods.size());
    for (size_t m = 0; m < got.methods.size(); ++m) {
        EXPECT_EQ(got.methods[m].id, direct.methods[m].id);
        EXPECT_EQ(got.methods[m].cells, direct.methods[m].cells) << got.methods[m].id;
    }
}

TEST(SweepJob, BadObjectsGiveTheSweepsMessageAndKeepTheLastMaps) {
    Document document;
    Simulation simulation;
    const collide::ObjectSet objects = defaultObjects(simulation, document);
    collide::SweepOptions good;
    good.dx = {-2, 2}, good.dy = {-2, 2};
    SweepJob job;
    job.start(objects, good, 1);
    job.wait();
    ASSERT_TRUE(job.result());

    collide::SweepOptions bad = good;
    bad.a = bad.b = 2;
    job.start(objects, bad, 2);
    job.wait();
    EXPECT_NE(job.error().find("never collides with itself"), std::string::npos) << job.error();
    ASSERT_TRUE(job.result());
    EXPECT_EQ(job.resultTag(), 1u);
}

TEST(SweepMap, OneTexelPerOffsetInTheAgreementColours) {
    Document document;
    Simulation simulation;
    const collide::ObjectSet objects = defaultObjects(simulation, document);
    collide::SweepOptions options;
    options.dx = {-12, 12}, options.dy = {-10, 10};
    const collide::SweepResult r = collide::sweepPair(objects, options);
    for (const collide::SweepMethod& m : r.methods) {
        const std::vector<uint8_t> rgba = sweepMapRgba(r, m);
        ASSERT_EQ(rgba.size(), static_cast<size_t>(r.dx.size() * r.dy.size() * 4));
        for (int dy = r.dy.min; dy <= r.dy.max; ++dy)
            for (int dx = r.dx.min; dx <= r.dx.max; ++dx) {
                const size_t i = static_cast<size_t>(r.index(dx, dy));
                const ImU32 c = agreementColour(m.cells[i]);
                ASSERT_EQ(IM_COL32(rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2], rgba[i * 4 + 3]), c)
                    << m.id << " at " << dx << "," << dy;
            }
    }
    // A's outline: every edge borders one of A's offsets and one outside.
    const std::vector<MapEdge> edges = sweepOutline(r);
    EXPECT_FALSE(edges.empty());
    for (const MapEdge& e : edges) EXPECT_TRUE((e.x0 == e.x1) != (e.y0 == e.y1));
}

// A's shape sits in the middle of the area where the hardware latches (the offsets where A and
// B can touch), not in its lower-right quarter where B's top-left corner would put it.
TEST(SweepMap, AsOutlineIsCentredOnTheAreaWhereTheObjectsTouch) {
    Document document;
    Simulation simulation;
    const collide::ObjectSet objects = defaultObjects(simulation, document);
    collide::SweepOptions options;
    options.dx = {-24, 24}, options.dy = {-24, 24};
    const collide::SweepResult r = collide::sweepPair(objects, options);
    float hitLeft = 1e9f, hitRight = -1e9f, hitTop = 1e9f, hitBottom = -1e9f;
    for (int row = 0; row < r.dy.size(); ++row)
        for (int c = 0; c < r.dx.size(); ++c)
            if (r.hardware[static_cast<size_t>(row * r.dx.size() + c)]) {
                hitLeft = std::min(hitLeft, static_cast<float>(c)), hitRight = std::max(hitRight, c + 1.0f);
                hitTop = std::min(hitTop, static_cast<float>(row)), hitBottom = std::max(hitBottom, row + 1.0f);
            }
    ASSERT_LT(hitLeft, hitRight) << "the objects never touch on this map";
    ASSERT_GT(hitLeft, 0) << "the area where they touch is cut by the map's edge";
    ASSERT_LT(hitRight, static_cast<float>(r.dx.size()));
    float left = 1e9f, right = -1e9f, top = 1e9f, bottom = -1e9f;
    for (const MapEdge& e : sweepOutline(r)) {
        left = std::min({left, e.x0, e.x1}), right = std::max({right, e.x0, e.x1});
        top = std::min({top, e.y0, e.y1}), bottom = std::max({bottom, e.y0, e.y1});
    }
    EXPECT_NEAR((left + right) / 2, (hitLeft + hitRight) / 2, 0.75f)
        << "outline " << left << "-" << right << ", touching " << hitLeft << "-" << hitRight;
    EXPECT_NEAR((top + bottom) / 2, (hitTop + hitBottom) / 2, 0.75f)
        << "outline " << top << "-" << bottom << ", touching " << hitTop << "-" << hitBottom;
}

// Records what the panel uploads.
class RecordingTextures final : public TextureSource {
public:
    ImTextureID upload(int key, const uint8_t* rgba, int width, int height) override {
        maps[key] = {std::vector<uint8_t>(rgba, rgba + static_cast<size_t>(width) * height * 4), width, height};
        return reinterpret_cast<ImTextureID>(static_cast<intptr_t>(key));
    }
    struct Map {
        std::vector<uint8_t> rgba;
        int width = 0, height = 0;
    };
    std::map<int, Map> maps;
};

TEST(SweepPanel, CompletesASweepHeadlessAndUploadsEveryMap) {
    Document document;
    Simulation simulation;
    const collide::ObjectSet objects = defaultObjects(simulation, document);
    ViewOptions viewOptions;
    AppContext ctx(document, simulation, viewOptions);
    RecordingTextures textures;
    ctx.textures = &textures;
    std::unique_ptr<Panel> panel = makeSweepPanel();
    test::HeadlessImGui imgui;
    const int asserts = test::imguiAssertCount();

    // The panel sweeps P1 around P0 by itself when first shown; the UI keeps drawing meanwhile.
    for (int frame = 0; frame < 3000 && textures.maps.empty(); ++frame) {
        imgui.newFrame(ImVec2(static_cast<float>(40 + frame % 300), 300));
        ImGui::SetNextWindowSize(ImVec2(700, 900));
        ImGui::Begin("panel");
        panel->draw(ctx);
        ImGui::End();
        imgui.endFrame();
        if (textures.maps.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    // A few more frames with the maps drawn and hovered.
    for (int frame = 0; frame < 4; ++frame) {
        imgui.newFrame(ImVec2(100.0f + frame * 60, 200.0f + frame * 50));
        ImGui::SetNextWindowSize(ImVec2(700, 900));
        ImGui::Begin("panel");
        panel->draw(ctx);
        ImGui::End();
        imgui.endFrame();
    }
    EXPECT_EQ(test::imguiAssertCount(), asserts);

    collide::SweepOptions options;  // the CLI's default ranges
    options.dx = {-24, 24}, options.dy = {-24, 24};
    const collide::SweepResult direct = collide::sweepPair(objects, options);
    ASSERT_EQ(textures.maps.size(), direct.methods.size());
    int m = 0;
    for (const auto& [key, map] : textures.maps) {
        EXPECT_EQ(map.width, 49);
        EXPECT_EQ(map.height, 49);
        EXPECT_EQ(map.rgba, sweepMapRgba(direct, direct.methods[m])) << direct.methods[m].id;
        ++m;
    }
}

// Untitled scenes have no file to tell them apart: a new one in the document's place (File >
// New from template, a recovered scene) gets a sweep of its own, and the maps of the one
// before are not drawn for it. Here the new scene's sweep fails (P1 shows no pixels in
// fifth-player.json), so no maps at all.
TEST(SweepPanel, AnotherUntitledSceneInTheDocumentsPlaceDropsTheMaps) {
    Document document;
    Simulation simulation;
    defaultObjects(simulation, document);
    document.reset(document.scene(), {});
    simulation.load(document.scene());
    ViewOptions viewOptions;
    AppContext ctx(document, simulation, viewOptions);
    std::unique_ptr<Panel> panel = makeSweepPanel();
    test::HeadlessImGui imgui;
    auto mapsDrawn = [&] {
        ctx.widgets.clear();
        imgui.newFrame(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(700, 900));
        ImGui::Begin("panel");
        panel->draw(ctx);
        ImGui::End();
        imgui.endFrame();
        return std::any_of(ctx.widgets.begin(), ctx.widgets.end(),
                           [](const auto& w) { return w.first.starts_with("sweep map "); });
    };
    bool drawn = false;
    for (int frame = 0; frame < 3000 && !drawn; ++frame) {
        drawn = mapsDrawn();
        if (!drawn) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ASSERT_TRUE(drawn) << "no maps for the first scene";

    document.reset(loadScene(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "fifth-player.json"), {}, true);
    simulation.load(document.scene());
    // Its sweep fails at once (before any offset); a few frames more in case it took longer.
    int framesWithMaps = 0;
    for (int frame = 0; frame < 100; ++frame) {
        framesWithMaps += mapsDrawn();
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    EXPECT_EQ(framesWithMaps, 0) << "the first scene's maps are drawn for the second";
}

}  // namespace
}  // namespace pmg::app
