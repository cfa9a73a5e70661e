/* stb_impl.c — the implementations of Debian's stb headers that core uses
 * (image_io.cpp: PNG reading, writing, resizing). The desktop links Debian's
 * libstb, which has no WebAssembly build; the browser build compiles them here. */
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_RESIZE_IMPLEMENTATION
#include <stb/stb_image.h>
#include <stb/stb_image_resize.h>
#include <stb/stb_image_write.h>
