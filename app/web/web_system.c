/* web_system.c — what the browser build links in place of the system calls a
 * browser has not got (built by emscripten only, web/CMakeLists.txt).
 *
 * posix_spawnp: a page cannot start programs, so "open the folder" of a saved
 * file (app/ui/notice.cpp) fails with ENOSYS, which the notice reports. */
#include <errno.h>
#include <spawn.h>

int posix_spawnp(pid_t* pid, const char* file, const posix_spawn_file_actions_t* actions, const posix_spawnattr_t* attributes,
                 char* const argv[], char* const envp[]) {
    (void)pid;
    (void)file;
    (void)actions;
    (void)attributes;
    (void)argv;
    (void)envp;
    return ENOSYS;
}
