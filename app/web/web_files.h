// web_files.h — the browser page's files (web_files.cpp; built by emscripten
// only, web/): what the app saves (a GIF, a PNG, a CSV) handed to the browser
// as a download; the settings kept in the browser's storage (localStorage) as
// the text of settings.toml; a preset or lesson file opened from disk (the
// panel's "Open a file..." or a file dropped on the page).
//
// Threading: the browser's main thread (the page's frames and its events).
#pragma once

#include "app/web/web_lab.h"
#include "core/settings/settings_file.h"

#include <string>

namespace tsl::app {

// Offers the file at `path` (in the page's memory) as a download under its
// own name, then removes it from memory. What to tell the user: "Downloaded
// NAME", or why it could not be.
std::string download_file(const std::string& path);

// The stored settings text (localStorage "timeslice-lab/settings.toml"),
// written to default_settings_path() in the page's memory and loaded from
// there by load_settings(), as the desktop loads its file: the same problems
// for a bad text. A text the load sets aside (a malformed one) moves to
// "timeslice-lab/settings.toml.bad" in the storage.
SettingsLoad load_stored_settings();

// From then on, what the user changes is stored as the desktop's window saves
// settings.toml (RememberedSettings; at most twice a second): written by
// save_settings() in memory, its text put in the storage. `from_file`: the
// defaults with the stored settings applied; `started`: the session's
// settings once the page's parameters were applied.
void start_storing_settings(const LabSettings& from_file, const LabSettings& started);
// After every frame.
void store_changed_settings(LabApp& app);

// Asks the page for a file to open (its file picker).
void pick_file();

}  // namespace tsl::app
