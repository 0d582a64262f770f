#include "cli/Commands.h"

namespace pmg::cli {

void addSweepCommand(CLI::App&, Action&) {}

}  // namespace pmg::cli
