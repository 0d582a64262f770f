#include "cli/Commands.h"

namespace pmg::cli {

void addCompareCommand(CLI::App&, Action&) {}

}  // namespace pmg::cli
