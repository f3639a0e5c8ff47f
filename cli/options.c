/* The option parser of every gamesearch command (see options.h). */
#include "options.h"
#include "web.h"

#include <stdio.h>
#include <string.h>

static bool takes_value(const cli_opt *o)
{
    return o->kind != CLI_OPT_FLAG && o->kind != CLI_OPT_CLEAR &&
           o->kind != CLI_OPT_HELP && o->kind != CLI_OPT_MAYBE;
}

/* Whether the option exists for the parser's mode. */
static bool known(const cli_parser *p, const cli_opt *o)
{
    return !p->only || !o->modes || (o->modes & p->only);
}

/* Joins words into buf: "a", "a and b", "a, b and c" (last: "and"/"or"). */
static void join(char *buf, size_t size, const char *const *words,
                 size_t n, const char *last)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s",
                                 i == 0 ? "" : i + 1 < n ? ", " : last,
                                 words[i]);
}

static size_t count_words(const char *const *words)
{
    size_t n = 0;
    while (words[n])
        n++;
    return n;
}

/* What a value of o must be, for "needs WANT, not 'x'". */
static void describe(const cli_opt *o, char *buf, size_t size)
{
    if (o->want)
        snprintf(buf, size, "%s", o->want);
    else if (o->kind == CLI_OPT_LONG || o->kind == CLI_OPT_INT)
        snprintf(buf, size, "a whole number%s%s from %ld to %ld",
                 o->unit ? " of " : "", o->unit ? o->unit : "", o->lo, o->hi);
    else if (o->kind == CLI_OPT_SECONDS)
        snprintf(buf, size, "a number of seconds from 0 to 86400");
    else if (o->kind == CLI_OPT_CHOICE)
        join(buf, size, o->choices, count_words(o->choices), " or ");
    else
        snprintf(buf, size, "a value");
}

/* Sets p->shown to the name of option i as given by `letter` (0: long). */
static void show(cli_parser *p, size_t i, char letter)
{
    if (letter)
        snprintf(p->shown, sizeof p->shown, "-%c", letter);
    else
        snprintf(p->shown, sizeof p->shown, "--%s", p->opts[i].name);
}

/* Stores, checks and hooks the option p->opt with its value v. */
static int apply(cli_parser *p, const char *v)
{
    const cli_opt *o = p->opt;
    size_t i = (size_t)(o - p->opts);
    void *at = o->offset == CLI_NOWHERE ? NULL : (char *)p->target + o->offset;
    long n;
    double x;
    int rc = 0;
    p->given++;
    if (!p->order[i]) {
        p->order[i] = p->given;
        p->given_as[i] = p->shown[1] == '-' ? 0 : p->shown[1];
    }
    switch (o->kind) {
    case CLI_OPT_FLAG:
    case CLI_OPT_CLEAR:
        if (at)
            *(bool *)at = o->kind == CLI_OPT_FLAG;
        break;
    case CLI_OPT_HELP:
        if (o->hook)
            return o->hook(p, NULL);
        if (p->help)
            cli_help(stdout, p->help, (char *)NULL);
        else
            fputs(p->usage, stdout);
        return 1;
    case CLI_OPT_LONG:
    case CLI_OPT_INT:
        if (!cli_parse_long(v, o->lo, o->hi, &n))
            rc = CLI_OPT_BAD;
        else if (at && o->kind == CLI_OPT_LONG)
            *(long *)at = n;
        else if (at)
            *(int *)at = (int)n;
        break;
    case CLI_OPT_SECONDS:
        if (!cli_parse_seconds(v, &x))
            rc = CLI_OPT_BAD;
        else if (at)
            *(double *)at = x;
        break;
    case CLI_OPT_STRING:
        if (at)
            *(const char **)at = v;
        break;
    case CLI_OPT_CHOICE: {
        size_t k = 0, words = count_words(o->choices);
        while (k < words && strcmp(v, o->choices[k]) != 0)
            k++;
        if (k == words && o->noun) {
            char list[256];
            join(list, sizeof list, o->choices, words, " or ");
            cli_error(p->cmd, "unknown %s '%s' (expected %s)", o->noun,
                      CLI_Q(v), list);
            return EXIT_BAD_INPUT;
        }
        if (k == words)
            rc = CLI_OPT_BAD;
        else if (at)
            *(int *)at = o->values ? o->values[k] : (int)k;
        break;
    }
    case CLI_OPT_VALUE:
    case CLI_OPT_MAYBE:
        break;
    }
    if (rc == 0 && o->hook)
        rc = o->hook(p, v);
    if (rc == CLI_OPT_BAD) {
        char want[256];
        describe(o, want, sizeof want);
        cli_error(p->cmd, "%s needs %s, not '%s'", p->shown, want,
                  CLI_Q(v ? v : ""));
        return EXIT_BAD_INPUT;
    }
    return rc;
}

/* A long option by its name (without "--") or, with CLI_PARSE_PREFIXES,
 * an unambiguous prefix of it. NULL after a message. */
static const cli_opt *find_long(const cli_parser *p, const char *name)
{
    const cli_opt *found = NULL;
    const char *matches[CLI_OPTS_MAX];
    size_t n = 0, len = strlen(name);
    bool prefixes = p->flags & CLI_PARSE_PREFIXES;
    for (size_t i = 0; i < p->count; i++) {
        const cli_opt *o = &p->opts[i];
        if (!o->name || !known(p, o))
            continue;
        if (strcmp(o->name, name) == 0)
            return o;
        if (prefixes && len > 0 && strncmp(o->name, name, len) == 0 &&
            n < CLI_OPTS_MAX) {
            found = o;
            matches[n++] = o->name;
        }
    }
    if (n == 1)
        return found;
    if (n > 1) {
        char list[512] = "";
        size_t used = 0;
        for (size_t i = 0; i < n && used < sizeof list; i++)
            used += (size_t)snprintf(list + used, sizeof list - used,
                                     "%s--%s", i ? ", " : "", matches[i]);
        cli_error(p->cmd, "ambiguous option '--%s' (%s)", CLI_Q(name), list);
    } else {
        cli_error(p->cmd, "unknown option '--%s' (see gamesearch %s --help)",
                  CLI_Q(name), p->cmd);
    }
    return NULL;
}

static const cli_opt *find_letter(const cli_parser *p, char c)
{
    for (size_t i = 0; i < p->count; i++)
        if (c && p->opts[i].letter == c && known(p, &p->opts[i]))
            return &p->opts[i];
    return NULL;
}

/* The value of p->opt, the next argument: false after a message. */
static bool take_value(cli_parser *p, const char **v)
{
    *v = p->next < p->argc ? p->argv[p->next++] : NULL;
    if (!*v)
        cli_error(p->cmd, "%s needs a value (see gamesearch %s --help)",
                  p->shown, p->cmd);
    return *v != NULL;
}

/* One argument of single-dash letters: "-x" alone, or with
 * CLI_PARSE_CLUSTERS a cluster such as -qf, -n10, -qn 10. */
static int read_letters(cli_parser *p, const char *arg)
{
    bool clusters = p->flags & CLI_PARSE_CLUSTERS;
    for (const char *s = arg + 1; *s; s++) {
        p->opt = clusters || !s[1] ? find_letter(p, *s) : NULL;
        snprintf(p->shown, sizeof p->shown, "-%c", *s);
        if (!p->opt) {
            cli_error(p->cmd, "unknown option '%s' (see gamesearch %s --help)",
                      CLI_Q(clusters ? p->shown : arg), p->cmd);
            return EXIT_BAD_INPUT;
        }
        const char *v = NULL;
        bool valued = takes_value(p->opt);
        if (valued && s[1])
            v = s + 1;
        else if (valued && !take_value(p, &v))
            return EXIT_BAD_INPUT;
        int rc = apply(p, v);
        if (rc || valued)
            return rc;
    }
    return 0;
}

/* One argument "--name" or "--name=VALUE". */
static int read_long(cli_parser *p, const char *arg)
{
    char name[64];
    const char *eq = strchr(arg, '='), *v = NULL;
    size_t k = eq ? (size_t)(eq - arg) : strlen(arg);
    if (k >= sizeof name)
        k = sizeof name - 1;
    memcpy(name, arg, k);
    name[k] = '\0';
    if (!(p->opt = find_long(p, name + 2)))
        return EXIT_BAD_INPUT;
    show(p, (size_t)(p->opt - p->opts), 0);
    if (p->opt->kind == CLI_OPT_MAYBE) {
        v = eq ? eq + 1 : NULL;
    } else if (!takes_value(p->opt) && eq) {
        cli_error(p->cmd, "%s takes no value", p->shown);
        return EXIT_BAD_INPUT;
    } else if (takes_value(p->opt)) {
        v = eq ? eq + 1 : NULL;
        if (!eq && !take_value(p, &v))
            return EXIT_BAD_INPUT;
    }
    return apply(p, v);
}

int cli_opts_parse(cli_parser *p, int argc, char **argv)
{
    bool options_done = false;   /* after "--" */
    memset(p->order, 0, sizeof p->order);
    memset(p->given_as, 0, sizeof p->given_as);
    p->given = 0;
    p->count = p->count > CLI_OPTS_MAX ? CLI_OPTS_MAX : p->count;
    p->argc = argc - 1;
    p->argv = argv + 1;
    p->next = 0;
    while (p->next < p->argc) {
        const char *arg = p->argv[p->next++];
        bool is_opt = !options_done && arg[0] == '-' && arg[1] != '\0';
        int rc;
        if (is_opt && strcmp(arg, "--") == 0) {
            options_done = true;
            continue;
        }
        if (!is_opt && p->positional) {
            rc = p->positional(p, arg);
        } else if (!is_opt) {
            cli_error(p->cmd, "unexpected argument '%s' (see gamesearch %s "
                      "--help)", CLI_Q(arg), p->cmd);
            rc = EXIT_BAD_INPUT;
        } else if (arg[1] != '-') {
            rc = read_letters(p, arg);
        } else {
            rc = read_long(p, arg);
        }
        if (rc)
            return rc;
    }
    return 0;
}

/* The index of the option named "--name" or "-x"; count if none. */
static size_t find_given(const cli_parser *p, const char *name)
{
    size_t i = 0;
    for (; i < p->count; i++) {
        const cli_opt *o = &p->opts[i];
        if (name[1] == '-' ? o->name && strcmp(o->name, name + 2) == 0
                           : o->letter == name[1] && !name[2])
            break;
    }
    return i;
}

bool cli_opts_given(const cli_parser *p, const char *name)
{
    size_t i = find_given(p, name);
    return i < p->count && p->order[i] > 0;
}

/* The index of the first option given outside mode; count if none. */
static size_t first_outside(const cli_parser *p, unsigned mode)
{
    size_t first = p->count;
    for (size_t i = 0; i < p->count; i++)
        if (p->order[i] && p->opts[i].modes && !(p->opts[i].modes & mode) &&
            (first == p->count || p->order[i] < p->order[first]))
            first = i;
    return first;
}

const char *cli_opts_outside(cli_parser *p, unsigned mode)
{
    size_t i = first_outside(p, mode);
    if (i == p->count)
        return NULL;
    show(p, i, p->given_as[i]);
    return p->shown;
}

int cli_opts_check_mode(cli_parser *p, unsigned mode,
                        const char *const names[])
{
    size_t i = first_outside(p, mode);
    if (i == p->count)
        return 0;
    const char *words[32];
    size_t n = 0;
    for (unsigned bit = 0; bit < 32; bit++)
        if (p->opts[i].modes & (1u << bit))
            words[n++] = names[bit];
    char list[256];
    join(list, sizeof list, words, n, " and ");
    show(p, i, p->given_as[i]);
    cli_error(p->cmd, "%s goes with %s", p->shown, list);
    return EXIT_BAD_INPUT;
}
