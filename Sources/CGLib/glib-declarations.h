// The few GLib and GObject declarations that LinkPrint uses (through CPango and CRsvg), written
// out here instead of including <glib.h>.
//
// Why not the real headers: they are found with pkg-config (glib-2.0, gio-2.0…), and GLib's
// pkg-config files ask for `-pthread`, which SwiftPM refuses with "warning: prohibited flag(s):
// -pthread" on every build of the package, even for an app that depends on LinkKit alone.
// These declarations need no include path at all, so the system-library targets need no
// pkg-config. Only what the code calls is here: the types as glibconfig.h defines them on the
// LP64 platforms linkgen builds for (Linux and macOS), one plain struct, and three functions.
//
// Mirrors GLib 2.74.6 (Debian 12): glib/gtypes.h, glibconfig.h, glib/gquark.h, glib/gerror.h,
// glib/gmem.h, gobject/gobject.h. All of it has been stable since GLib 2.0 (2002).
// Kept exact by Tests/LinkPrintTests/DeclarationsTests.swift, which compiles these prototypes
// after the real headers (with LINKGEN_DECLARATIONS_CHECK defined, which leaves out the structs
// and enums they define too): a prototype that differs from the library's fails to compile.
#ifndef LINKGEN_GLIB_DECLARATIONS_H
#define LINKGEN_GLIB_DECLARATIONS_H

// On Linux the library is linked by name from the default path, where its -dev package puts it
// along with this header: without the header, say which package to install (rather than let
// the linker say "cannot find -l…").
#if defined(__linux__) && defined(__has_include)
#if !__has_include(<glib-2.0/glib-object.h>)
#error "LinkPrint needs GLib: install libglib2.0-dev (Debian, Ubuntu) or glib2-devel (Fedora)"
#endif
#endif

// glib/gtypes.h and glibconfig.h
typedef char gchar;
typedef int gint;
typedef gint gboolean;
typedef unsigned int guint32;
typedef unsigned char guint8;
typedef double gdouble;
typedef void *gpointer;
typedef guint32 gunichar;
typedef unsigned long gsize;  // glibconfig.h on LP64
typedef guint32 GQuark;       // glib/gquark.h

_Static_assert(sizeof(gsize) == sizeof(void *), "gsize is pointer-sized on LP64 platforms");

// glib/gerror.h: a plain struct, part of GLib's ABI.
typedef struct _GError GError;
#ifndef LINKGEN_DECLARATIONS_CHECK  // the check takes these from the real headers
struct _GError {
  GQuark domain;
  gint code;
  gchar *message;
};
#endif

void g_error_free(GError *error);

// glib/gmem.h
void g_free(gpointer mem);

// gobject/gobject.h (libgobject-2.0)
void g_object_unref(gpointer object);

#endif
