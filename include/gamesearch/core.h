/*
 * gamesearch/core.h: status codes, the error record, the version and the
 * allocator hook shared by every part of the gamesearch library. Core
 * tier; needs nothing but <stdbool.h> and <stddef.h>.
 *
 * Every fallible public function returns an int status: GS_OK (0) or one of
 * the GS_E* codes below; results travel through out-parameters. The library
 * never prints and never exits.
 *
 * The version three ways, as the library was built and as a program was
 * compiled: GS_VERSION_MAJOR/MINOR/PATCH and GS_VERSION_STRING here, and
 * gs_version() at run time, so a program can check that the library it
 * loaded is the one whose headers it was compiled against.
 */
#ifndef GAMESEARCH_CORE_H
#define GAMESEARCH_CORE_H

#include <stdbool.h>
#include <stddef.h>

/* Marks the public API. The shared library is built with every other
 * symbol hidden, so its symbol table is exactly the functions declared
 * with GS_API in these headers. */
#if defined(_WIN32) || defined(__CYGWIN__)
#  if defined(GS_BUILDING_SHARED)
#    define GS_API __declspec(dllexport)
#  elif defined(GS_USING_SHARED)
#    define GS_API __declspec(dllimport)
#  else
#    define GS_API
#  endif
#elif defined(__GNUC__) && __GNUC__ >= 4
#  define GS_API __attribute__((visibility("default")))
#else
#  define GS_API
#endif

#define GS_VERSION_MAJOR 0
#define GS_VERSION_MINOR 4
#define GS_VERSION_PATCH 0
#define GS_VERSION_STRING "0.4.0"
/* One number that grows with every release: 10000 * major + 100 * minor +
 * patch. */
#define GS_VERSION_NUMBER \
    (GS_VERSION_MAJOR * 10000 + GS_VERSION_MINOR * 100 + GS_VERSION_PATCH)

#ifdef __cplusplus
extern "C" {
#endif

/* The most threads one call of the library works with (a search's
 * options.threads, the job pool's threads): more are refused with
 * GS_EINVAL, since each costs memory before it has done any work. */
#define GS_THREADS_MAX 256

enum {
    GS_OK = 0,
    GS_ENOMEM,    /* an allocation failed; nothing was leaked */
    GS_EINVAL,    /* an argument is out of range or inconsistent */
    GS_EVERSION,  /* a gs_game or gs_search_options made for another version */
    GS_EPARSE,    /* input text is malformed (see the parser's error record) */
    GS_EPLY,      /* the search went deeper than its ply limit */
    GS_ETOOBIG,   /* input exceeds a documented size limit */
    GS_ESTOPPED   /* a search limit (nodes, time) stopped a search whose
                     answer was needed; nothing was made */
};

/* A short English description of a status code (never NULL). */
GS_API const char *gs_strerror(int status);

/* The library's version as it was built, "MAJOR.MINOR.PATCH". */
GS_API const char *gs_version(void);

/* The same as GS_VERSION_NUMBER, as the library was built. */
GS_API int gs_version_number(void);

/*
 * True when the library was built with threads (the default), false when
 * it was built without (cmake -DGS_THREADS=OFF). Without them, alpha-beta
 * refuses options.threads above 1 (GS_EINVAL), MCTS grows its
 * options.threads trees one after another on the calling thread (the same
 * answer and counts as with threads, unless max_seconds ends it: then the
 * first tree takes the time), and gs_jobs_run runs the jobs on the calling
 * thread, in order.
 */
GS_API bool gs_threads_available(void);

/*
 * Where and why a parser refused its input: the one error record of every
 * parser in the library (trees, m,n,k and Connect Four positions, Pacman
 * layouts and records).
 */
typedef struct gs_error {
    int line;           /* 1-based; 0 when the problem has no one place */
    int column;         /* 1-based; 0 when the problem has no one place */
    char message[256];  /* one sentence, no file name, no trailing newline */
} gs_error;

/*
 * Allocation hook, in the style of Lua's lua_Alloc:
 *   nsize == 0: free ptr (which may be NULL) and return NULL;
 *   ptr == NULL: allocate nsize bytes;
 *   otherwise: resize ptr from osize to nsize bytes.
 * Returns NULL when an allocation fails (the old block stays valid).
 * Every allocation the library makes goes through the hook of the object it
 * belongs to, so a test can fail allocation N on purpose.
 */
typedef void *(*gs_alloc_fn)(void *user, void *ptr, size_t osize, size_t nsize);

typedef struct gs_allocator {
    gs_alloc_fn fn;
    void *user;
} gs_allocator;

/* The allocator used when a function is given NULL: the C library's. */
GS_API const gs_allocator *gs_default_allocator(void);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_CORE_H */
