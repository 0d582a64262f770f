// ImGui asserts in the test program throw this (see ImGuiAssertTrap.cpp).
#pragma once

#include <stdexcept>

namespace pmg::app::test {

class ImGuiAssert : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// How many asserts fired since the program started.
int& imguiAssertCount();

}  // namespace pmg::app::test
