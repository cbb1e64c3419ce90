#ifndef C_PNG_WRITER_H
#define C_PNG_WRITER_H
#include <stddef.h>
#include <stdint.h>

/// A 1-bit image for linkqr_png_encode: `row_count` distinct packed rows, each written
/// `row_repeat` times (a QR module row scaled up), so the image is
/// `width` x `row_count * row_repeat` pixels.
typedef struct {
  uint32_t width;
  uint32_t row_count;
  uint32_t row_repeat;
  /// Bytes per packed row: (width + 7) / 8.
  size_t row_bytes;
  /// row_count * row_bytes bytes, most significant bit first; 1 = index/gray 1.
  const uint8_t *rows;
  /// 0: grayscale (bit 0 = black, 1 = white); 1: a two-entry palette.
  int use_palette;
  /// RGB of palette entries 0 and 1 (6 bytes), when use_palette.
  uint8_t palette[6];
  /// Alpha of palette entries 0 and 1; a tRNS chunk is written when either is below 255.
  uint8_t alpha[2];
  /// Physical resolution for the pHYs chunk; 0 for none.
  uint32_t pixels_per_meter;
  /// zlib compression level (0-9) and strategy (Z_DEFAULT_STRATEGY = 0 ...).
  int compression_level;
  int compression_strategy;
} linkqr_png_image;

/// The encoded file, or the error libpng reported.
typedef struct {
  uint8_t *bytes;
  size_t count;
  size_t capacity;
  char message[200];
} linkqr_png_output;

/// Encodes `image` as a PNG in memory. Returns 0 and fills `output->bytes` (free with
/// linkqr_png_output_free), or -1 with `output->message` set. libpng's errors, which it
/// reports with longjmp, are caught here and never cross into the caller.
int linkqr_png_encode(const linkqr_png_image *image, linkqr_png_output *output);

/// Frees the bytes of a successful linkqr_png_encode.
void linkqr_png_output_free(linkqr_png_output *output);

#endif
