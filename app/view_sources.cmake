# The lab's frame, renderers and panels: the part of the app every platform
# shares (app/CMakeLists.txt for the desktop, web/CMakeLists.txt for the browser).
set(TSL_APP_VIEW_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/frame/boot.cpp
  ${CMAKE_CURRENT_LIST_DIR}/frame/lab_app.cpp
  ${CMAKE_CURRENT_LIST_DIR}/frame/recording.cpp
  ${CMAKE_CURRENT_LIST_DIR}/frame/scene_views.cpp
  ${CMAKE_CURRENT_LIST_DIR}/frame/settings_keeper.cpp
  ${CMAKE_CURRENT_LIST_DIR}/render/engine_renderer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/render/exposure_renderer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/render/gl_util.cpp
  ${CMAKE_CURRENT_LIST_DIR}/render/npc_renderer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/render/shader_sources.cpp
  ${CMAKE_CURRENT_LIST_DIR}/render/shape_batch.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/board_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/control_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/engine_panels.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/engine_plots_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/exposure_plots_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/exposure_panels.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/field_controls.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/glossary_page.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/layout.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/notice.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/lesson_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/metrics_plots.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/npc_panels.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/plot_pair.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/plot_parts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/plot_widget.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/timeline_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/timing_diagram.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/ui_probe.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/ui_style.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ui/ui_text.cpp
)

# The characters the UI's fonts carry, as pairs of first and last code point:
# Latin-1, and the punctuation, arrows and signs the lab writes ("pool → inline",
# "≤", "–"). ImGui's atlas holds these (app/ui/ui_style.cpp); the page's fonts
# are cut to them (web/CMakeLists.txt), so neither can lack what the other has.
set(TSL_FONT_RANGES 0x0020 0x00FF 0x2010 0x205E 0x2190 0x21FF 0x2212 0x2212 0x2248 0x2248 0x2260 0x2265)
string(REPLACE ";" "," TSL_FONT_RANGES_C "${TSL_FONT_RANGES}")
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/ui/ui_style.cpp PROPERTIES COMPILE_DEFINITIONS "TSL_FONT_RANGES=${TSL_FONT_RANGES_C}")
