// Debian's libimgui.a is built with IM_ASSERT = assert(), so an ImGui usage error calls
// glibc's __assert_fail and aborts the whole test program. This definition replaces it
// for the test executable (the linker takes the program's own symbol over libc's), turning
// the assert into an exception the test that caused it reports as a failure, with the
// expression and where it is. (No <assert.h> here: its declaration is noexcept.)
#include <stdexcept>
#include <string>

#include "ImGuiAssertTrap.h"

namespace pmg::app::test {
int& imguiAssertCount() {
    static int count = 0;
    return count;
}
}  // namespace pmg::app::test

extern "C" [[noreturn]] void __assert_fail(const char* expression, const char* file, unsigned int line,
                                           const char* function) {
    ++pmg::app::test::imguiAssertCount();
    throw pmg::app::test::ImGuiAssert(std::string(file) + ":" + std::to_string(line) + ": " + function +
                                      ": assertion `" + expression + "' failed");
}
