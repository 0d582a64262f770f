// Linked into the window program (pmglab) and the tests that run the window in-process
// (pmglab_app_input_tests) in the sanitizer build only (PMGLAB_SANITIZE). The system's graphics stack leaks a few small
// blocks at exit: libdbus, and Mesa's software renderer, which is unloaded (dlclose) before LeakSanitizer looks, so its
// blocks come from an "<unknown module>" that no suppression can name. Leak checking is therefore off for these
// programs; AddressSanitizer's other checks and UBSan stay on, and every other program and test keeps leak checking.
extern "C" const char* __asan_default_options() { return "detect_leaks=0"; }
