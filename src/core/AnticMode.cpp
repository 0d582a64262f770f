// The mode table lives in AnticMode.h so that look-ups inline into ANTIC's and GTIA's
// per-line code; this file only checks that the header stands alone.
#include "core/AnticMode.h"
