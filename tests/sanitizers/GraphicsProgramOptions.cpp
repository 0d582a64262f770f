// Linked into the window program (pmglab) in the sanitizer build only (top-level
// CMakeLists.txt, PMGLAB_SANITIZE). The system's graphics stack leaks a few small blocks at
// exit: libdbus, and Mesa's software renderer, which is unloaded (dlclose) before
// LeakSanitizer looks, so its blocks come from an "<unknown module>" that no suppression can
// name. Leak checking is therefore off for this one program; AddressSanitizer's other checks
// and UBSan stay on, and every other program and test keeps leak checking.
extern "C" const char* __asan_default_options() { return "detect_leaks=0"; }
