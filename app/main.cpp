// main.cpp — the `timeslice-lab` command line (SPEC §3.2).
#include <CLI/CLI.hpp>

#include <iostream>
#include <string>

int main(int argc, char** argv) {
    CLI::App app{"Timeslice Lab: timeslicing batched algorithms and delayed result gathering, live.", "timeslice-lab"};
    app.set_version_flag("--version", std::string("timeslice-lab ") + TSL_VERSION);
    CLI11_PARSE(app, argc, argv);
    std::cout << app.help();
    return 0;
}
