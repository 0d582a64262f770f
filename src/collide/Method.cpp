#include "collide/Method.h"

#include "collide/AabbMethod.h"
#include "collide/CentreExtentsMethod.h"
#include "collide/CornerPointsMethod.h"
#include "collide/HotSpotMethod.h"
#include "collide/InsetBoxMethod.h"
#include "collide/MaskAndMethod.h"
#include "collide/MultiRectMethod.h"
#include "collide/PlayfieldMethods.h"
#include "collide/VertexContainmentMethod.h"
#include "collide/WrapAabb6502Method.h"

namespace pmg::collide {

Verdict Method::playfield(const PmObject&, const PlayfieldObjects&, int, const CheckContext&) const {
    return Verdict::notApplicable();
}

std::vector<std::unique_ptr<Method>> allMethods() {
    std::vector<std::unique_ptr<Method>> v;
    v.push_back(std::make_unique<HotSpotMethod>());
    v.push_back(std::make_unique<CornerPointsMethod>());
    v.push_back(std::make_unique<VertexContainmentMethod>());
    v.push_back(std::make_unique<AabbMethod>());
    v.push_back(std::make_unique<CentreExtentsMethod>());
    v.push_back(std::make_unique<WrapAabb6502Method>(false));
    v.push_back(std::make_unique<WrapAabb6502Method>(true));
    v.push_back(std::make_unique<InsetBoxMethod>());
    v.push_back(std::make_unique<MultiRectMethod>());
    v.push_back(std::make_unique<MaskAndMethod>());
    v.push_back(std::make_unique<NaiveMaskMethod>());
    v.push_back(std::make_unique<TileLookupMethod>());
    v.push_back(std::make_unique<PlayfieldMaskMethod>());
    return v;
}

std::unique_ptr<Method> methodById(std::string_view id) {
    for (auto& m : allMethods())
        if (m->id() == id) return std::move(m);
    return nullptr;
}

std::string methodIds() {
    std::string s;
    for (const auto& m : allMethods()) {
        if (!s.empty()) s += ", ";
        s += m->id();
    }
    return s;
}

}  // namespace pmg::collide
