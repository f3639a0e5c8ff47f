/*
 * fuzz_book: Connect Four opening books, read from memory
 * (gs_c4_book_load) and as a stream from a file (gs_c4_book_read), on a
 * board chosen by the input's first byte (7x6 for most). Byte 2 stretches
 * the input: its last 8 bytes repeated up to 2^15 times, so that headers
 * promising more entries than follow, books that go on past their count
 * and long runs of one entry are cheap to reach. Both readers must give
 * the same answer (and the same message, but for a wrong length, which a
 * stream words by what it has read); a book that reads is written back to
 * exactly the bytes it was read from, with the size and ply its header
 * gives.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/connect4.h"
#include "fuzz.h"

#define MAX_INPUT 4096
#define MAX_REPEAT (1 << 15)

typedef struct sink {
    unsigned char *buf;
    size_t len, cap;
} sink;

static int to_sink(void *user, const char *text, size_t len)
{
    sink *s = user;
    if (s->len + len > s->cap) {
        size_t cap = s->cap ? s->cap : 256;
        while (cap < s->len + len)
            cap *= 2;
        unsigned char *p = realloc(s->buf, cap);
        FUZZ_CHECK(p != NULL);
        s->buf = p;
        s->cap = cap;
    }
    memcpy(s->buf + s->len, text, len);
    s->len += len;
    return 0;
}

static void check_book(const gs_c4_book *b, const unsigned char *data,
                       size_t len)
{
    sink s = {NULL, 0, 0};
    FUZZ_CHECK(gs_c4_book_write_to(b, to_sink, &s) == 0);
    FUZZ_CHECK(s.len == len && memcmp(s.buf, data, len) == 0);
    FUZZ_CHECK(gs_c4_book_size(b) == (len - 16) / 8);
    FUZZ_CHECK(gs_c4_book_ply(b) == data[10]);
    free(s.buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || size > MAX_INPUT)
        return 0;
    /* Step 1. The board and the stretch. */
    gs_c4_params p;
    gs_c4_params_init(&p);
    if (data[0] >= 192) {
        p.width = 1 + data[0] % 7;
        p.height = 1 + (data[0] / 7) % 7;
    }
    size_t repeat = (size_t)data[1] * data[1] / 2;
    if (repeat > MAX_REPEAT)
        repeat = MAX_REPEAT;
    data += 2;
    size -= 2;
    size_t tail = size < 8 ? size : 8;
    size_t len = size + (tail ? repeat * tail : 0);
    unsigned char *bytes = malloc(len ? len : 1);
    FUZZ_CHECK(bytes != NULL);
    memcpy(bytes, data, size);
    for (size_t i = size; i < len; i += tail)
        memcpy(bytes + i, data + size - tail, tail);

    gs_c4 *g = NULL;
    FUZZ_CHECK(gs_c4_new(&p, NULL, &g) == GS_OK);

    /* Step 2. From memory. */
    gs_c4_book *mb = NULL;
    gs_error merr;
    memset(&merr, 0, sizeof merr);
    int mst = gs_c4_book_load(g, bytes, len, NULL, &mb, &merr);
    FUZZ_CHECK(mst == GS_OK || mst == GS_EPARSE);
    FUZZ_CHECK((mst == GS_OK) == (mb != NULL));
    if (mst == GS_OK)
        check_book(mb, bytes, len);
    else
        FUZZ_CHECK(merr.message[0] != '\0');

    /* Step 3. From a file, as a stream: the same answer. */
    char path[] = "/tmp/fuzz_book_XXXXXX";
    int fd = mkstemp(path);
    FUZZ_CHECK(fd >= 0);
    FUZZ_CHECK(write(fd, bytes, len) == (ssize_t)len);
    FUZZ_CHECK(close(fd) == 0);
    gs_c4_book *fb = NULL;
    gs_error ferr;
    memset(&ferr, 0, sizeof ferr);
    int fst = gs_c4_book_read(g, path, NULL, &fb, &ferr);
    unlink(path);
    FUZZ_CHECK(fst == mst);
    if (fst == GS_OK) {
        check_book(fb, bytes, len);
    } else if (strstr(merr.message, "bytes of them") == NULL) {
        /* A stream stops at the first byte past what its header promises,
         * so only a wrong length may be worded otherwise. */
        FUZZ_CHECK(strcmp(ferr.message, merr.message) == 0);
    }
    gs_c4_book_free(mb);
    gs_c4_book_free(fb);
    gs_c4_free(g);
    free(bytes);
    return 0;
}
