/*
 * gamesearch/file.h: a whole file or stream read into memory, with the
 * size limit and the messages of gamesearch's own inputs. Core tier.
 *
 * Apart from core.h because it needs <stdio.h> (FILE) and core.h does
 * not.
 */
#ifndef GAMESEARCH_FILE_H
#define GAMESEARCH_FILE_H

#include <stddef.h>
#include <stdio.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most bytes the readers below take when given 0 as max: 1 GiB,
 * the limit of the gamesearch program's inputs. */
#define GS_READ_MAX ((size_t)1 << 30)

/*
 * Reads all of the stream f (from where it stands to its end) into a new
 * block of the allocator (NULL: the C library's, so that free() releases
 * it): *data holds the *len bytes read and a NUL after them, len + 1
 * bytes in all. At most max bytes (0: GS_READ_MAX) are taken: a regular
 * file larger than that is refused unread. The stream stays open.
 * Returns GS_OK; or, with *data NULL and one sentence in *err (no file
 * name): GS_EINVAL ("is a directory, not a file", "read error: REASON"),
 * GS_ETOOBIG ("larger than 1 GiB (1073741824 bytes), the most gamesearch
 * reads"), GS_ENOMEM ("out of memory").
 */
GS_API int gs_read_stream(FILE *f, size_t max, const gs_allocator *alloc,
                          char **data, size_t *len, gs_error *err);

/* gs_read_stream for the file named path, opened and closed again; also
 * GS_EINVAL "cannot open: REASON" when it cannot be opened. */
GS_API int gs_read_file(const char *path, size_t max,
                        const gs_allocator *alloc, char **data, size_t *len,
                        gs_error *err);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_FILE_H */
