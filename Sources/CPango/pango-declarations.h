// The Pango and PangoCairo declarations that LinkPrint calls, written out here instead of
// including <pango/pangocairo.h>.
//
// Why not the real headers: their include paths come from pkg-config (pangocairo), and Pango's
// pkg-config file pulls in GIO's, which asks for `-pthread`; SwiftPM refuses that flag with
// "warning: prohibited flag(s): -pthread" on every build of the package, even for an app that
// depends on LinkKit alone. These declarations need no include path, so the system-library
// target needs no pkg-config; the module map links the libraries by name.
//
// What is here: the objects as opaque types (LinkPrint only holds pointers to them and calls
// accessor functions, never reads their fields), the exact prototypes of the functions called,
// three enums and one plain struct (PangoRectangle), all part of Pango's stable ABI.
//
// Mirrors Pango 1.50.12 (Debian 12): pango/pango-types.h, pango-context.h, pango-fontmap.h,
// pango-font.h, pango-language.h, pango-layout.h, pango-attributes.h, pango-markup.h and
// pango/pangocairo.h. Everything here exists since Pango 1.44.
// Kept exact by Tests/LinkPrintTests/DeclarationsTests.swift, which compiles these prototypes
// after the real headers (with LINKGEN_DECLARATIONS_CHECK defined, which leaves out the structs
// and enums they define too): a prototype that differs from the library's fails to compile.
#ifndef LINKGEN_PANGO_DECLARATIONS_H
#define LINKGEN_PANGO_DECLARATIONS_H

// On Linux the library is linked by name from the default path, where its -dev package puts it
// along with this header: without the header, say which package to install (rather than let
// the linker say "cannot find -l…").
#if defined(__linux__) && defined(__has_include)
#if !__has_include(<pango-1.0/pango/pangocairo.h>)
#error "LinkPrint needs Pango: install libpango1.0-dev (Debian, Ubuntu) or pango-devel (Fedora)"
#endif
#endif

#include "../CGLib/glib-declarations.h"

// cairo's context and font options, as cairo.h names them (opaque there too).
typedef struct _cairo cairo_t;
typedef struct _cairo_font_options cairo_font_options_t;

// Opaque objects.
typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoFontFamily PangoFontFamily;
typedef struct _PangoContext PangoContext;
typedef struct _PangoLanguage PangoLanguage;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoLayoutLine PangoLayoutLine;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoAttrList PangoAttrList;

// pango/pango-types.h: a plain struct, in Pango units (1/1024 of a point).
typedef struct _PangoRectangle PangoRectangle;
#ifndef LINKGEN_DECLARATIONS_CHECK  // the check takes these from the real headers
struct _PangoRectangle {
  int x;
  int y;
  int width;
  int height;
};
#endif

// pango/pango-layout.h
#ifndef LINKGEN_DECLARATIONS_CHECK
typedef enum {
  PANGO_ALIGN_LEFT,
  PANGO_ALIGN_CENTER,
  PANGO_ALIGN_RIGHT
} PangoAlignment;

typedef enum {
  PANGO_WRAP_WORD,
  PANGO_WRAP_CHAR,
  PANGO_WRAP_WORD_CHAR
} PangoWrapMode;

typedef enum {
  PANGO_ELLIPSIZE_NONE,
  PANGO_ELLIPSIZE_START,
  PANGO_ELLIPSIZE_MIDDLE,
  PANGO_ELLIPSIZE_END
} PangoEllipsizeMode;
#endif

// pango/pangocairo.h
PangoFontMap *pango_cairo_font_map_new(void);
void pango_cairo_context_set_resolution(PangoContext *context, double dpi);
void pango_cairo_context_set_font_options(PangoContext *context,
                                          const cairo_font_options_t *options);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);

// pango/pango-fontmap.h and pango-font.h
PangoContext *pango_font_map_create_context(PangoFontMap *fontmap);
void pango_font_map_list_families(PangoFontMap *fontmap, PangoFontFamily ***families,
                                  int *n_families);
const char *pango_font_family_get_name(PangoFontFamily *family);
PangoFontDescription *pango_font_description_from_string(const char *str);
void pango_font_description_set_size(PangoFontDescription *desc, gint size);
void pango_font_description_free(PangoFontDescription *desc);

// pango/pango-context.h and pango-language.h
void pango_context_set_language(PangoContext *context, PangoLanguage *language);
void pango_context_set_round_glyph_positions(PangoContext *context, gboolean round_positions);
PangoLanguage *pango_language_from_string(const char *language);

// pango/pango-layout.h
PangoLayout *pango_layout_new(PangoContext *context);
PangoLayout *pango_layout_copy(PangoLayout *src);
PangoContext *pango_layout_get_context(PangoLayout *layout);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
const PangoFontDescription *pango_layout_get_font_description(PangoLayout *layout);
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_height(PangoLayout *layout, int height);
void pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap);
void pango_layout_set_ellipsize(PangoLayout *layout, PangoEllipsizeMode ellipsize);
void pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
const char *pango_layout_get_text(PangoLayout *layout);
void pango_layout_set_attributes(PangoLayout *layout, PangoAttrList *attrs);
PangoAttrList *pango_layout_get_attributes(PangoLayout *layout);
int pango_layout_get_unknown_glyphs_count(PangoLayout *layout);
void pango_layout_get_size(PangoLayout *layout, int *width, int *height);
void pango_layout_index_to_pos(PangoLayout *layout, int index_, PangoRectangle *pos);
int pango_layout_get_line_count(PangoLayout *layout);
PangoLayoutLine *pango_layout_get_line_readonly(PangoLayout *layout, int line);
void pango_layout_line_get_extents(PangoLayoutLine *line, PangoRectangle *ink_rect,
                                   PangoRectangle *logical_rect);

// pango/pango-attributes.h and pango-markup.h
void pango_attr_list_unref(PangoAttrList *list);
gboolean pango_parse_markup(const char *markup_text, int length, gunichar accel_marker,
                            PangoAttrList **attr_list, char **text, gunichar *accel_char,
                            GError **error);

#endif
