// The librsvg declarations that LinkPrint calls, written out here instead of including
// <librsvg/rsvg.h>.
//
// Why not the real header: its include paths come from pkg-config (librsvg-2.0), whose GIO
// requirement asks for `-pthread`; SwiftPM refuses that flag with "warning: prohibited
// flag(s): -pthread" on every build of the package, even for an app that depends on LinkKit
// alone. These declarations need no include path, so the system-library target needs no
// pkg-config; the module map links the library by name.
//
// What is here: the handle as an opaque type, the exact prototypes of the four functions
// called, and two plain structs (RsvgRectangle, RsvgLength) with the unit enum, all part of
// librsvg's stable ABI.
//
// Mirrors librsvg 2.54.7 (Debian 12): librsvg/rsvg.h and librsvg/rsvg-cairo.h. The newest
// function here, rsvg_handle_get_intrinsic_size_in_pixels, exists since librsvg 2.52.
// Kept exact by Tests/LinkPrintTests/DeclarationsTests.swift, which compiles these prototypes
// after the real headers (with LINKGEN_DECLARATIONS_CHECK defined, which leaves out the structs
// and enums they define too): a prototype that differs from the library's fails to compile.
#ifndef LINKGEN_RSVG_DECLARATIONS_H
#define LINKGEN_RSVG_DECLARATIONS_H

// On Linux the library is linked by name from the default path, where its -dev package puts it
// along with this header: without the header, say which package to install (rather than let
// the linker say "cannot find -l…").
#if defined(__linux__) && defined(__has_include)
#if !__has_include(<librsvg-2.0/librsvg/rsvg.h>)
#error "LinkPrint needs librsvg: install librsvg2-dev (Debian, Ubuntu) or librsvg2-devel (Fedora)"
#endif
#endif

#include "../CGLib/glib-declarations.h"

// cairo's context, as cairo.h names it (opaque there too).
typedef struct _cairo cairo_t;

typedef struct _RsvgHandle RsvgHandle;

typedef struct _RsvgRectangle RsvgRectangle;
#ifndef LINKGEN_DECLARATIONS_CHECK  // the check takes these from the real headers
struct _RsvgRectangle {
  double x;
  double y;
  double width;
  double height;
};

typedef enum {
  RSVG_UNIT_PERCENT,
  RSVG_UNIT_PX,
  RSVG_UNIT_EM,
  RSVG_UNIT_EX,
  RSVG_UNIT_IN,
  RSVG_UNIT_CM,
  RSVG_UNIT_MM,
  RSVG_UNIT_PT,
  RSVG_UNIT_PC
} RsvgUnit;

typedef struct {
  double length;
  RsvgUnit unit;
} RsvgLength;
#endif

RsvgHandle *rsvg_handle_new_from_data(const guint8 *data, gsize data_len, GError **error);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, gdouble *out_width,
                                                  gdouble *out_height);
void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *out_has_width,
                                          RsvgLength *out_width, gboolean *out_has_height,
                                          RsvgLength *out_height, gboolean *out_has_viewbox,
                                          RsvgRectangle *out_viewbox);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr,
                                     const RsvgRectangle *viewport, GError **error);

#endif
