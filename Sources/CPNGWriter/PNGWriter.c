#include "CPNGWriter.h"

#include <png.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// libpng reports errors by calling the error function, which must not return; the default one
// longjmps to png_jmpbuf. Swift frames cannot be unwound that way, so the whole libpng
// session runs in this function, behind its own setjmp, and errors come back as -1.

static void on_error(png_structp png, png_const_charp message) {
  linkqr_png_output *output = png_get_error_ptr(png);
  if (output != NULL) {
    strncpy(output->message, message != NULL ? message : "libpng error", sizeof output->message - 1);
    output->message[sizeof output->message - 1] = '\0';
  }
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

// zlib's state for one image is about 260 KB (window, hash chains, pending output), allocated
// and freed per image. glibc gives that memory back to the kernel on free and takes it again on
// the next image, so every image paid for fresh pages. Each thread keeps a few of those large
// blocks for the next image instead; they are freed when the thread ends.

enum { CACHE_SLOTS = 8, CACHED_MINIMUM = 4096, HEADER = 16 };

typedef struct {
  int count;
  void *blocks[CACHE_SLOTS];
  size_t sizes[CACHE_SLOTS];
} block_cache;

static pthread_key_t cache_key;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;
static int cache_ready;

static void cache_destroy(void *pointer) {
  block_cache *cache = pointer;
  for (int index = 0; index < cache->count; index++) {
    free((char *)cache->blocks[index] - HEADER);
  }
  free(cache);
}

static void cache_create_key(void) { cache_ready = pthread_key_create(&cache_key, cache_destroy) == 0; }

static block_cache *thread_cache(void) {
  pthread_once(&cache_once, cache_create_key);
  if (!cache_ready) return NULL;
  block_cache *cache = pthread_getspecific(cache_key);
  if (cache == NULL) {
    cache = calloc(1, sizeof *cache);
    if (cache != NULL && pthread_setspecific(cache_key, cache) != 0) {
      free(cache);
      cache = NULL;
    }
  }
  return cache;
}

// Blocks carry their size in a 16-byte header (which keeps malloc's alignment).
static png_voidp cached_malloc(png_structp png, png_alloc_size_t size) {
  (void)png;
  if (size >= CACHED_MINIMUM) {
    block_cache *cache = thread_cache();
    for (int index = 0; cache != NULL && index < cache->count; index++) {
      if (cache->sizes[index] == size) {
        void *block = cache->blocks[index];
        cache->count--;
        cache->blocks[index] = cache->blocks[cache->count];
        cache->sizes[index] = cache->sizes[cache->count];
        return block;
      }
    }
  }
  if (size > SIZE_MAX - HEADER) return NULL;
  char *header = malloc(size + HEADER);
  if (header == NULL) return NULL;
  memcpy(header, &size, sizeof size);
  return header + HEADER;
}

static void cached_free(png_structp png, png_voidp pointer) {
  (void)png;
  if (pointer == NULL) return;
  char *header = (char *)pointer - HEADER;
  size_t size;
  memcpy(&size, header, sizeof size);
  if (size >= CACHED_MINIMUM) {
    block_cache *cache = thread_cache();
    if (cache != NULL && cache->count < CACHE_SLOTS) {
      cache->blocks[cache->count] = pointer;
      cache->sizes[cache->count] = size;
      cache->count++;
      return;
    }
  }
  free(header);
}

static void on_write(png_structp png, png_bytep data, size_t length) {
  linkqr_png_output *output = png_get_io_ptr(png);
  if (length > SIZE_MAX - output->count) {
    png_error(png, "PNG output too large");
  }
  size_t needed = output->count + length;
  if (needed > output->capacity) {
    size_t capacity = output->capacity < 4096 ? 4096 : output->capacity;
    while (capacity < needed) {
      capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
    }
    uint8_t *grown = realloc(output->bytes, capacity);
    if (grown == NULL) {
      png_error(png, "out of memory for the PNG output");
    }
    output->bytes = grown;
    output->capacity = capacity;
  }
  memcpy(output->bytes + output->count, data, length);
  output->count = needed;
}

static void on_flush(png_structp png) { (void)png; }

int linkqr_png_encode(const linkqr_png_image *image, linkqr_png_output *output) {
  output->bytes = NULL;
  output->count = 0;
  output->capacity = 0;
  output->message[0] = '\0';
  if (image->row_bytes < (image->width + 7) / 8 || image->row_repeat == 0) {
    strcpy(output->message, "invalid image description");
    return -1;
  }
  png_structp png = png_create_write_struct_2(PNG_LIBPNG_VER_STRING, output, on_error, on_warning,
                                              NULL, cached_malloc, cached_free);
  if (png == NULL) {
    strcpy(output->message, "cannot create the libpng writer (out of memory)");
    return -1;
  }
  png_infop info = png_create_info_struct(png);
  if (info == NULL || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    free(output->bytes);
    output->bytes = NULL;
    output->count = 0;
    output->capacity = 0;
    if (output->message[0] == '\0') {
      strcpy(output->message, "cannot create the libpng writer (out of memory)");
    }
    return -1;
  }
  png_set_write_fn(png, output, on_write, on_flush);
  uint32_t height = image->row_count * image->row_repeat;
  png_set_IHDR(png, info, image->width, height, 1,
               image->use_palette ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_GRAY,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (image->use_palette) {
    png_color palette[2] = {
        {image->palette[0], image->palette[1], image->palette[2]},
        {image->palette[3], image->palette[4], image->palette[5]},
    };
    png_set_PLTE(png, info, palette, 2);
    if (image->alpha[0] < 255 || image->alpha[1] < 255) {
      png_byte alpha[2] = {image->alpha[0], image->alpha[1]};
      png_set_tRNS(png, info, alpha, 2, NULL);
    }
  }
  if (image->pixels_per_meter > 0) {
    png_set_pHYs(png, info, image->pixels_per_meter, image->pixels_per_meter, PNG_RESOLUTION_METER);
  }
  // Rows repeat `row_repeat` times and hold long runs of 0x00/0xFF bytes: no filter (filters
  // cost time and only blur the exact row repeats that deflate finds) and a middle zlib level.
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_set_compression_level(png, image->compression_level);
  png_set_compression_strategy(png, image->compression_strategy);
  png_write_info(png, info);
  for (uint32_t row = 0; row < image->row_count; row++) {
    png_const_bytep bytes = image->rows + (size_t)row * image->row_bytes;
    for (uint32_t repeat = 0; repeat < image->row_repeat; repeat++) {
      png_write_row(png, bytes);
    }
  }
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  return 0;
}

void linkqr_png_output_free(linkqr_png_output *output) {
  free(output->bytes);
  output->bytes = NULL;
  output->count = 0;
  output->capacity = 0;
}
