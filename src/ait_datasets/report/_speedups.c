/* The report's pass over every row of a JSON export, in C (optional: without a C
 * compiler the package is built without this module and the Python code reads it).
 *
 * scan():      the plain runs of a block of a JSON log-entry export, read from its
 *              bytes and added to the result set as ait_datasets/report/fast_rows.py's
 *              add_block adds them; every other row is handed back to Python, which
 *              reads it with read_log_entry (the one statement of the rules).
 * key_index(): the index of raw case keys scan() finds each row's case in, for one file
 *              (its hash seeded at random).
 *
 * It only ever agrees or steps aside: scan() validates the JSON grammar of every byte it
 * passes (strings, escapes, UTF-8, numbers, nesting), returns -1 for anything the exact
 * reader must report, and hands back (as "not plain") any row whose fields are not
 * exactly the types the plain path takes. The tests run every export both ways and
 * compare. The passes over every case (judging, costs) are in _case_speedups.c.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* The fields the plain path reads (AITLogEntryAPI.Page.al's names, in field_of). */
enum { K_SUITE, K_TAG, K_VERSION, K_TOKENS, K_CREDITS, K_PROCEDURE, K_MESSAGE,
       K_DURATION, K_STATUS, K_DATASET, K_TEST, K_INPUT, K_OUTPUT, N_FIELDS };

/* What a value is, as far as the plain path asks. */
enum { V_ABSENT, V_TEXT, V_ESCAPED, V_INT, V_REAL, V_TRUE, V_FALSE, V_NULL, V_NESTED };

typedef struct {
    const char *start; /* the value's bytes (for text: inside the quotes) */
    Py_ssize_t size;
    int kind;
} Value;

typedef struct {
    const char *p;
    const char *end;
    Py_ssize_t line;
    int odd; /* the entry is valid JSON but not for the plain path */
} Cursor;

#define INVALID (-1)
#define MAX_DEPTH 256

/* Bytes that end the fast part of a string: the quote, the backslash, control bytes,
 * and the first byte of a UTF-8 sequence (checked on its own). */
static unsigned char STRING_STOP[256];

static inline void skip_ws(Cursor *c) {
    /* most tokens of an export follow one another directly (the API's minified JSON) */
    if (c->p < c->end && (unsigned char)*c->p > ' ') return;
    while (c->p < c->end) {
        char ch = *c->p;
        if (ch == '\n') c->line++;
        else if (ch != ' ' && ch != '\t' && ch != '\r') return;
        c->p++;
    }
}

static int hex4(const char *p, unsigned *out) {
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char ch = p[i];
        v <<= 4;
        if (ch >= '0' && ch <= '9') v |= (unsigned)(ch - '0');
        else if (ch >= 'a' && ch <= 'f') v |= (unsigned)(ch - 'a' + 10);
        else if (ch >= 'A' && ch <= 'F') v |= (unsigned)(ch - 'A' + 10);
        else return 0;
    }
    *out = v;
    return 1;
}

#define ONES UINT64_C(0x0101010101010101)
#define HIGHS UINT64_C(0x8080808080808080)
#define HAS_ZERO(x) (((x) - ONES) & ~(x) & HIGHS)

/* The bytes of w that are a quote, a backslash, below 0x20 or from 0x80 up, as their
 * high bits; exact up to the first such byte (a borrow only reaches the bytes after it). */
static inline uint64_t stops_in(uint64_t w) {
    uint64_t below = (w - ONES * 0x20) & ~w & HIGHS;
    return below | (w & HIGHS) | HAS_ZERO(w ^ (ONES * '"')) | HAS_ZERO(w ^ (ONES * '\\'));
}

/* The first byte from p on that ends the plain part of a string (or end): eight bytes at
 * a time (the text of an export is mostly plain ASCII), then byte by byte. */
static inline const char *to_stop(const char *p, const char *end) {
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    while (end - p >= 8) {
        uint64_t w, found;
        memcpy(&w, p, 8);
        found = stops_in(w);
        if (found) return p + (__builtin_ctzll(found) >> 3);
        p += 8;
    }
#endif
    while (p < end && !STRING_STOP[(unsigned char)*p]) p++;
    return p;
}

/* The length of the UTF-8 sequence at p, or 0 when it is not one Python decodes (an
 * overlong form, a surrogate, beyond U+10FFFF, cut short). */
static Py_ssize_t utf8_sequence(const char *p, const char *end) {
    const unsigned char *u = (const unsigned char *)p;
    Py_ssize_t left = end - p, n;
    unsigned char lo = 0x80, hi = 0xBF;
    if (u[0] >= 0xC2 && u[0] <= 0xDF) n = 2;
    else if (u[0] >= 0xE0 && u[0] <= 0xEF) {
        n = 3;
        if (u[0] == 0xE0) lo = 0xA0;
        if (u[0] == 0xED) hi = 0x9F;
    } else if (u[0] >= 0xF0 && u[0] <= 0xF4) {
        n = 4;
        if (u[0] == 0xF0) lo = 0x90;
        if (u[0] == 0xF4) hi = 0x8F;
    } else return 0;
    if (left < n || u[1] < lo || u[1] > hi) return 0;
    for (Py_ssize_t i = 2; i < n; i++)
        if (u[i] < 0x80 || u[i] > 0xBF) return 0;
    return n;
}

/* A string starting at its opening quote. A surrogate escape steps the whole file aside
 * (the exact reader reports a lone one; the fast reader's Python side does the same). */
static inline int scan_string(Cursor *c, Value *v) {
    const char *p = c->p + 1;
    const char *end = c->end;
    int escaped = 0;
    v->start = p;
    for (;;) {
        /* eight bytes at a time while none of them is a quote, a backslash, a control
         * byte or non-ASCII (the usual text of an export), then byte by byte */
        p = to_stop(p, end);
        if (p >= end) return INVALID;
        unsigned char ch = (unsigned char)*p;
        if (ch == '"') break;
        if (ch >= 0x80) { /* UTF-8, checked as Python's decoder checks it */
            Py_ssize_t n = utf8_sequence(p, end);
            if (n == 0) return INVALID;
            p += n;
            continue;
        }
        if (ch != '\\') return INVALID; /* a raw control character */
        if (p + 1 >= end) return INVALID;
        escaped = 1;
        switch (p[1]) {
        case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
            p += 2;
            break;
        case 'u': {
            unsigned code;
            if (p + 6 > end || !hex4(p + 2, &code)) return INVALID;
            if (code >= 0xD800 && code <= 0xDFFF) return INVALID;
            p += 6;
            break;
        }
        default:
            return INVALID;
        }
    }
    v->size = p - v->start;
    v->kind = escaped ? V_ESCAPED : V_TEXT;
    c->p = p + 1;
    return 0;
}

static int scan_number(Cursor *c, Value *v) {
    const char *p = c->p;
    const char *end = c->end;
    int real = 0;
    v->start = p;
    if (p < end && *p == '-') p++;
    if (p >= end) return INVALID;
    if (*p == '0') p++;
    else if (*p >= '1' && *p <= '9') { while (p < end && *p >= '0' && *p <= '9') p++; }
    else return INVALID;
    if (p < end && *p == '.') {
        p++;
        real = 1;
        if (p >= end || *p < '0' || *p > '9') return INVALID;
        while (p < end && *p >= '0' && *p <= '9') p++;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        real = 1;
        if (p < end && (*p == '+' || *p == '-')) p++;
        if (p >= end || *p < '0' || *p > '9') return INVALID;
        while (p < end && *p >= '0' && *p <= '9') p++;
    }
    v->size = p - v->start;
    v->kind = real ? V_REAL : V_INT;
    c->p = p;
    return 0;
}

static int scan_value(Cursor *c, Value *v, int depth);

static int scan_nested(Cursor *c, int depth) {
    char open = *c->p;
    char close = open == '{' ? '}' : ']';
    Value ignored;
    if (depth > MAX_DEPTH) return INVALID;
    c->p++;
    skip_ws(c);
    if (c->p < c->end && *c->p == close) { c->p++; return 0; }
    for (;;) {
        if (open == '{') {
            if (c->p >= c->end || *c->p != '"' || scan_string(c, &ignored) < 0) return INVALID;
            skip_ws(c);
            if (c->p >= c->end || *c->p != ':') return INVALID;
            c->p++;
            skip_ws(c);
        }
        if (scan_value(c, &ignored, depth + 1) < 0) return INVALID;
        skip_ws(c);
        if (c->p >= c->end) return INVALID;
        if (*c->p == close) { c->p++; return 0; }
        if (*c->p != ',') return INVALID;
        c->p++;
        skip_ws(c);
    }
}

static int literal(Cursor *c, const char *word, Py_ssize_t size, int kind, Value *v) {
    if (c->end - c->p < size || memcmp(c->p, word, (size_t)size) != 0) return INVALID;
    v->start = c->p;
    v->size = size;
    v->kind = kind;
    c->p += size;
    return 0;
}

static int scan_value(Cursor *c, Value *v, int depth) {
    if (c->p >= c->end) return INVALID;
    switch (*c->p) {
    case '"': return scan_string(c, v);
    case '{': case '[': {
        const char *start = c->p;
        if (scan_nested(c, depth) < 0) return INVALID;
        v->start = start;
        v->size = c->p - start;
        v->kind = V_NESTED;
        return 0;
    }
    case 't': return literal(c, "true", 4, V_TRUE, v);
    case 'f': return literal(c, "false", 5, V_FALSE, v);
    case 'n': return literal(c, "null", 4, V_NULL, v);
    default: return scan_number(c, v);
    }
}

#define IS(word) (key->size == (Py_ssize_t)sizeof(word) - 1 && memcmp(key->start, word, sizeof(word) - 1) == 0)

/* Which of the fields read a key is (-1: none): by its size and first letter, as an entry
 * has twice as many fields as the report reads. */
static int field_of(const Value *key) {
    switch (key->size) {
    case 3: return IS("tag") ? K_TAG : -1;
    case 6: return IS("status") ? K_STATUS : -1;
    case 7:
        switch (key->start[0]) {
        case 'a': return IS("aitCode") ? K_SUITE : -1;
        case 'v': return IS("version") ? K_VERSION : -1;
        case 'm': return IS("message") ? K_MESSAGE : -1;
        case 'd': return IS("dataset") ? K_DATASET : -1;
        default: return -1;
        }
    case 9: return IS("inputData") ? K_INPUT : -1;
    case 10:
        if (key->start[0] == 'd') return IS("durationMs") ? K_DURATION : -1;
        return IS("outputData") ? K_OUTPUT : -1;
    case 13: return IS("procedureName") ? K_PROCEDURE : -1;
    case 14:
        if (key->start[0] == 't') return IS("tokensConsumed") ? K_TOKENS : -1;
        return IS("copilotCredits") ? K_CREDITS : -1;
    case 17: return IS("datasetLineNumber") ? K_TEST : -1;
    default: return -1;
    }
}
#undef IS

/* What the previous entry held at each position: the bytes of its key and of its value
 * (when not nested: a nested value's bytes may hold line breaks), and what they were.
 * An export's entries have the same keys in the same order and many of the same values
 * (suite, codeunit, status, empty fields): bytes equal to the previous entry's are the
 * same token, already checked, and are passed over with one comparison (reading every
 * key and value afresh made reading the bench's export a fifth slower). Only within
 * one scan() call: the bytes it points into are the buffer's. */
#define SHAPE_FIELDS 64

typedef struct {
    const char *key;   /* the key's token, quotes included; NULL: none to compare */
    Py_ssize_t key_size;
    int field;         /* field_of the key */
    const char *value; /* the value's token (a string's quotes included); NULL: none */
    Py_ssize_t value_size;
    Value read;        /* the value as scan_value read it (start: inside the token) */
} ShapeSlot;

typedef struct {
    ShapeSlot slots[SHAPE_FIELDS];
} Shape;

/* memcmp(a, b, n) == 0 for the short tokens of an entry, inline: eight bytes at a time,
 * the last eight overlapping (a call to memcmp per token cost more than the compare). */
static inline int same_bytes(const char *a, const char *b, Py_ssize_t n) {
    uint64_t x, y;
    if (n < 8) {
        for (Py_ssize_t i = 0; i < n; i++)
            if (a[i] != b[i]) return 0;
        return 1;
    }
    for (Py_ssize_t i = 0; i + 8 <= n; i += 8) {
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        if (x != y) return 0;
    }
    memcpy(&x, a + n - 8, 8);
    memcpy(&y, b + n - 8, 8);
    return x == y;
}

static inline int same_token(const Cursor *c, const char *token, Py_ssize_t size) {
    return token != NULL && c->end - c->p > size && same_bytes(c->p, token, size);
}

/* Whether the byte after a token ends it (a number or literal could go on). */
static inline int ends_token(char ch) {
    return ch == ',' || ch == '}' || ch == ']' || ch == ' ' || ch == '\n' || ch == '\r'
           || ch == '\t';
}

/* One entry (an object) at c->p: the fields read; odd when a key is escaped
 * (it could spell one of them) or one of them is given twice. */
static int scan_entry(Cursor *c, Value *fields, Shape *shape) {
    Value key, value;
    for (int i = 0; i < N_FIELDS; i++) fields[i].kind = V_ABSENT;
    if (c->p >= c->end || *c->p != '{') return INVALID;
    c->p++;
    skip_ws(c);
    if (c->p < c->end && *c->p == '}') { c->p++; return 0; }
    for (int at = 0;; at++) {
        ShapeSlot *slot = at < SHAPE_FIELDS ? &shape->slots[at] : NULL;
        int field;
        if (slot != NULL && same_token(c, slot->key, slot->key_size)) {
            c->p += slot->key_size;
            field = slot->field;
        } else {
            const char *token = c->p;
            if (c->p >= c->end || *c->p != '"' || scan_string(c, &key) < 0) return INVALID;
            if (key.kind == V_ESCAPED) { c->odd = 1; field = -1; }
            else field = field_of(&key);
            if (slot != NULL) {
                /* an escaped key is read afresh each time (it makes the row odd) */
                slot->key = key.kind == V_ESCAPED ? NULL : token;
                slot->key_size = c->p - token;
                slot->field = field;
                slot->value = NULL;
            }
        }
        skip_ws(c);
        if (c->p >= c->end || *c->p != ':') return INVALID;
        c->p++;
        skip_ws(c);
        if (slot != NULL && same_token(c, slot->value, slot->value_size)
            && ends_token(c->p[slot->value_size])) {
            value = slot->read;
            value.start = c->p + (slot->read.start - slot->value);
            c->p += slot->value_size;
        } else {
            const char *token = c->p;
            if (scan_value(c, &value, 1) < 0) return INVALID;
            if (slot != NULL) {
                slot->value = value.kind == V_NESTED ? NULL : token;
                slot->value_size = c->p - token;
                slot->read = value;
            }
        }
        if (field >= 0) {
            if (fields[field].kind != V_ABSENT) c->odd = 1;
            fields[field] = value;
        }
        skip_ws(c);
        if (c->p >= c->end) return INVALID;
        if (*c->p == '}') { c->p++; return 0; }
        if (*c->p != ',') return INVALID;
        c->p++;
        skip_ws(c);
    }
}

/* A count (int | None, not below 0) as msgspec decodes it for the plain path: 1 and the
 * object (a new reference, or None), or 0 when the row is not plain. */
static int count_of(const Value *v, PyObject **out) {
    if (v->kind == V_ABSENT || v->kind == V_NULL) { *out = Py_NewRef(Py_None); return 1; }
    if (v->kind != V_INT || v->start[0] == '-' || v->size > 18) return 0;
    long long n = 0;
    for (Py_ssize_t i = 0; i < v->size; i++) n = n * 10 + (v->start[i] - '0');
    *out = PyLong_FromLongLong(n);
    return *out == NULL ? -1 : 1;
}

/* An amount (float | None, not below 0, finite), as msgspec decodes it. */
static int amount_of(const Value *v, PyObject **out) {
    char text[64];
    double x;
    if (v->kind == V_ABSENT || v->kind == V_NULL) { *out = Py_NewRef(Py_None); return 1; }
    if (v->kind == V_INT) {
        /* msgspec reads a whole number as an integer first: -0 is 0.0 */
        if (v->size > 15) return 0;
        long long n = 0;
        Py_ssize_t i = v->start[0] == '-' ? 1 : 0;
        for (; i < v->size; i++) n = n * 10 + (v->start[i] - '0');
        if (v->start[0] == '-') { if (n != 0) return 0; }
        x = (double)n;
    } else if (v->kind == V_REAL) {
        if (v->size >= (Py_ssize_t)sizeof text) return 0;
        memcpy(text, v->start, (size_t)v->size);
        text[v->size] = '\0';
        x = PyOS_string_to_double(text, NULL, NULL);
        if (x == -1.0 && PyErr_Occurred()) { PyErr_Clear(); return 0; }
        if (!isfinite(x) || x < 0) return 0;
    } else {
        return 0;
    }
    *out = PyFloat_FromDouble(x);
    return *out == NULL ? -1 : 1;
}

/* Each case's raw key (its four fields' bytes, as exported) -> its runs' table, for one
 * file: a hash table of C memory (the keys in one growing arena), so that a row's lookup
 * makes no Python object, and all of it is freed at once when the file is read (Python
 * bytes keys were a dozen MB left scattered among the runs). */
typedef struct {
    uint64_t hash;
    Py_ssize_t offset, size; /* the key's bytes in the arena */
    PyObject *table;         /* a strong reference; NULL: a free slot */
    /* The case whose row came next, the last time this case's did (next_table NULL:
     * none yet): a hint of where the next row's lookup goes (see key_followed). */
    uint64_t next_hash;
    Py_ssize_t next_offset;
    PyObject *next_table;    /* borrowed: its own slot holds it */
} Slot;

typedef struct {
    Slot *slots;
    Py_ssize_t capacity, used; /* capacity: a power of two */
    char *arena;
    Py_ssize_t arena_used, arena_room;
    uint64_t seed;
    Slot *last; /* the previous row's case (NULL: none, or the slots were moved) */
} KeyIndex;

#define KEY_INDEX "ait_datasets.report._speedups.KeyIndex"

static void key_index_free(PyObject *capsule) {
    KeyIndex *index = PyCapsule_GetPointer(capsule, KEY_INDEX);
    if (index == NULL) return;
    for (Py_ssize_t i = 0; i < index->capacity; i++) Py_XDECREF(index->slots[i].table);
    PyMem_RawFree(index->slots);
    PyMem_RawFree(index->arena);
    PyMem_RawFree(index);
}

static PyObject *key_index(PyObject *module, PyObject *args) {
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "K", &seed)) return NULL;
    KeyIndex *index = PyMem_RawCalloc(1, sizeof(KeyIndex));
    if (index == NULL) return PyErr_NoMemory();
    index->seed = (uint64_t)seed;
    index->capacity = 1024;
    index->slots = PyMem_RawCalloc((size_t)index->capacity, sizeof(Slot));
    if (index->slots == NULL) { PyMem_RawFree(index); return PyErr_NoMemory(); }
    PyObject *capsule = PyCapsule_New(index, KEY_INDEX, key_index_free);
    if (capsule == NULL) { PyMem_RawFree(index->slots); PyMem_RawFree(index); }
    return capsule;
}

/* A key's hash: eight bytes at a time, multiplied and folded, from a seed drawn at
 * random for each index (so that no export can be written to make its keys collide and
 * the lookups quadratic). */
static uint64_t key_hash(uint64_t seed, const char *bytes, Py_ssize_t size) {
    uint64_t h = seed ^ ((uint64_t)size * UINT64_C(0x9E3779B97F4A7C15)), w;
    while (size >= 8) {
        memcpy(&w, bytes, 8);
        h = (h ^ w) * UINT64_C(0xFF51AFD7ED558CCD);
        h ^= h >> 32;
        bytes += 8;
        size -= 8;
    }
    w = 0;
    memcpy(&w, bytes, (size_t)size);
    h = (h ^ w) * UINT64_C(0xC4CEB9FE1A85EC53);
    return h ^ (h >> 29);
}

static Slot *key_slot(KeyIndex *index, const char *key, Py_ssize_t size, uint64_t hash) {
    Py_ssize_t mask = index->capacity - 1, i = (Py_ssize_t)(hash & (uint64_t)mask);
    for (;;) {
        Slot *slot = &index->slots[i];
        if (slot->table == NULL
            || (slot->hash == hash && slot->size == size
                && memcmp(index->arena + slot->offset, key, (size_t)size) == 0))
            return slot;
        i = (i + 1) & mask;
    }
}

/* Remember key -> table (a key not in the index): its slot, or NULL with MemoryError. */
static Slot *key_add(KeyIndex *index, const char *key, Py_ssize_t size, uint64_t hash,
                     PyObject *table) {
    if ((index->used + 1) * 2 > index->capacity) { /* keep it at most half full */
        Py_ssize_t grown = index->capacity * 2;
        Slot *slots = PyMem_RawCalloc((size_t)grown, sizeof(Slot)), *old = index->slots;
        if (slots == NULL) { PyErr_NoMemory(); return NULL; }
        for (Py_ssize_t i = 0; i < index->capacity; i++) {
            if (old[i].table == NULL) continue;
            Py_ssize_t j = (Py_ssize_t)(old[i].hash & (uint64_t)(grown - 1));
            while (slots[j].table != NULL) j = (j + 1) & (grown - 1);
            slots[j] = old[i];
        }
        PyMem_RawFree(old);
        index->slots = slots;
        index->capacity = grown;
        index->last = NULL;
    }
    if (index->arena_used + size > index->arena_room) {
        Py_ssize_t room = index->arena_room ? index->arena_room : 1 << 16;
        while (index->arena_used + size > room) room *= 2;
        char *arena = PyMem_RawRealloc(index->arena, (size_t)room);
        if (arena == NULL) { PyErr_NoMemory(); return NULL; }
        index->arena = arena;
        index->arena_room = room;
    }
    Slot *slot = key_slot(index, key, size, hash);
    memcpy(index->arena + index->arena_used, key, (size_t)size);
    slot->hash = hash;
    slot->offset = index->arena_used;
    slot->size = size;
    slot->table = Py_NewRef(table);
    index->arena_used += size;
    index->used++;
    return slot;
}

/* A row of the case in `slot` was read: it is what followed the previous row's case.
 * An export lists the cases of each run in the same order (a suite's lines, a dataset's
 * tests), so the case that followed this one last time is most likely the next row's:
 * its slot, key and runs' table are asked for now, and are in cache when that row has
 * been read (each lookup waited on memory, a quarter of the pass). Only a hint: a
 * wrong guess costs nothing but the fetch. */
static void key_followed(KeyIndex *index, Slot *slot) {
    Slot *last = index->last;
    if (last != NULL && last != slot) {
        last->next_hash = slot->hash;
        last->next_offset = slot->offset;
        last->next_table = slot->table;
    }
    index->last = slot;
#if defined(__GNUC__)
    if (slot->next_table != NULL) {
        __builtin_prefetch(&index->slots[slot->next_hash & (uint64_t)(index->capacity - 1)]);
        __builtin_prefetch(index->arena + slot->next_offset);
        __builtin_prefetch(slot->next_table);
    }
#endif
}

/* What scan() is given to add runs with; see fast_scan.py, which makes it. */
typedef struct {
    PyObject *path, *by_version, *key_tables, *make_table, *not_plain, *tags, *tag_of,
        *all_tags, *run_type, *turn_of, *untagged, *merged_name, *strip_name, *empty;
    KeyIndex *keys; /* key_tables' index */
} Context;

static int unpack_context(PyObject *tuple, Context *x) {
    if (!PyArg_ParseTuple(tuple, "OOOOOO!OO!OOOOOO;context", &x->path, &x->by_version,
                          &x->key_tables, &x->make_table, &x->not_plain, &PyDict_Type,
                          &x->tags, &x->tag_of, &PyDict_Type, &x->all_tags, &x->run_type,
                          &x->turn_of, &x->untagged, &x->merged_name, &x->strip_name,
                          &x->empty))
        return 0;
    x->keys = PyCapsule_GetPointer(x->key_tables, KEY_INDEX);
    return x->keys != NULL;
}

static int is_text(const Value *v) { return v->kind == V_ABSENT || v->kind == V_TEXT; }

static PyObject *text_of(const Value *v, PyObject *empty) {
    if (v->kind == V_ABSENT || v->size == 0) return Py_NewRef(empty);
    return PyUnicode_DecodeUTF8(v->start, v->size, "strict");
}

static int same_text(const Value *v, const char *start, Py_ssize_t size) {
    Py_ssize_t n = v->kind == V_ABSENT ? 0 : v->size;
    return n == size && (n == 0 || memcmp(v->start, start, (size_t)n) == 0);
}

/* The bytes of a data field for turn_of(), or None when absent. */
static PyObject *data_of(const Value *v) {
    if (v->kind == V_ABSENT) return Py_NewRef(Py_None);
    if (v->kind == V_TEXT || v->kind == V_ESCAPED) /* with its quotes */
        return PyBytes_FromStringAndSize(v->start - 1, v->size + 2);
    return PyBytes_FromStringAndSize(v->start, v->size);
}

static int holds_turns(const Value *v) {
    if (v->kind == V_NESTED) return 1;
    if (v->kind == V_ESCAPED) return 1;
    if (v->kind != V_TEXT || v->size == 0) return 0;
    unsigned char first = (unsigned char)v->start[0];
    return first == '{' || first == '[' || first == ' ' || first >= 0x80;
}

/* Per-call memory of the last tag, message and credits seen: rows of a run share them
 * (one float object for every row that spent the same credits: 64 MB fewer at
 * 2,000,000 rows that all spent 0.25). */
typedef struct {
    const char *start; /* the value's bytes (in this call's buffer) */
    Py_ssize_t size;
    PyObject *made;    /* what they were made into; NULL: nothing yet */
} Remembered;

typedef struct {
    Remembered tag, message, credits;
    PyObject *last_run; PyObject *last_tag;
} Recent;

static void recent_clear(Recent *r) {
    Py_CLEAR(r->tag.made); Py_CLEAR(r->message.made); Py_CLEAR(r->credits.made);
    Py_CLEAR(r->last_run); Py_CLEAR(r->last_tag);
}

/* What `v` was made into last time, when its bytes are the same (a new reference), or
 * NULL. */
static PyObject *recalled(const Remembered *r, const Value *v) {
    return r->made != NULL && same_text(v, r->start, r->size) ? Py_NewRef(r->made) : NULL;
}

static void remember(Remembered *r, const Value *v, PyObject *made) {
    Py_XSETREF(r->made, Py_NewRef(made));
    r->start = v->kind == V_ABSENT ? NULL : v->start;
    r->size = v->kind == V_ABSENT ? 0 : v->size;
}

/* Add one entry as the plain path does: 1 added, 0 not plain, -1 error. */
static int add_plain(const Value *f, Py_ssize_t line, Context *x, Recent *recent) {
    PyObject *version = NULL, *tokens = NULL, *credits = NULL, *duration = NULL;
    PyObject *table = NULL, *tag = NULL, *message = NULL, *run = NULL, *turn = NULL;
    PyObject *result = NULL, *line_obj = NULL;
    int outcome = 0, passed, got;
    const Value *status = &f[K_STATUS];

    if (status->kind != V_TEXT) return 0;
    if (status->size == 7 && memcmp(status->start, "Success", 7) == 0) passed = 1;
    else if (status->size == 5 && memcmp(status->start, "Error", 5) == 0) passed = 0;
    else return 0;
    for (int i = 0; i < N_FIELDS; i++)
        if (i != K_VERSION && i != K_TOKENS && i != K_CREDITS && i != K_DURATION
            && i != K_INPUT && i != K_OUTPUT && !is_text(&f[i]))
            return 0;
    /* version: int, not None (msgspec: a whole number; read_log_entry takes any int) */
    if (f[K_VERSION].kind != V_INT || f[K_VERSION].size > 18) return 0;
    if ((got = count_of(&f[K_TOKENS], &tokens)) <= 0) return got;
    if ((got = count_of(&f[K_DURATION], &duration)) <= 0) goto done_not_plain;
    {
        const Value *spent = &f[K_CREDITS];
        int number = spent->kind == V_INT || spent->kind == V_REAL;
        credits = number ? recalled(&recent->credits, spent) : NULL; /* the same number */
        if (credits == NULL) {
            if ((got = amount_of(spent, &credits)) <= 0) goto done_not_plain;
            if (number) remember(&recent->credits, spent, credits);
        }
    }
    {
        const Value *v = &f[K_VERSION];
        long long n = 0;
        Py_ssize_t i = v->start[0] == '-' ? 1 : 0;
        for (; i < v->size; i++) n = n * 10 + (v->start[i] - '0');
        version = PyLong_FromLongLong(v->start[0] == '-' ? -n : n);
        if (version == NULL) goto error;
    }
    /* the case: its raw key's table */
    {
        const Value *parts[4] = {&f[K_SUITE], &f[K_DATASET], &f[K_TEST], &f[K_PROCEDURE]};
        Py_ssize_t size = 3;
        for (int i = 0; i < 4; i++) size += parts[i]->kind == V_ABSENT ? 0 : parts[i]->size;
        char small[512], *key = size <= (Py_ssize_t)sizeof small ? small : PyMem_Malloc((size_t)size);
        if (key == NULL) { PyErr_NoMemory(); goto error; }
        char *out = key;
        for (int i = 0; i < 4; i++) {
            Py_ssize_t n = parts[i]->kind == V_ABSENT ? 0 : parts[i]->size;
            if (n) memcpy(out, parts[i]->start, (size_t)n);
            out += n;
            if (i < 3) *out++ = '\0'; /* a raw NUL cannot be in JSON text */
        }
        uint64_t hash = key_hash(x->keys->seed, key, size);
        Slot *slot = key_slot(x->keys, key, size, hash);
        if (slot->table != NULL) table = Py_NewRef(slot->table);
        else {
            slot = NULL;
            PyObject *raw = PyTuple_New(4);
            int failed = raw == NULL;
            for (int i = 0; i < 4 && !failed; i++) {
                PyObject *s_ = text_of(parts[i], x->empty);
                if (s_ == NULL) failed = 1;
                else PyTuple_SET_ITEM(raw, i, s_);
            }
            if (!failed) {
                table = PyObject_CallOneArg(x->make_table, raw);
                failed = table == NULL
                         || (slot = key_add(x->keys, key, size, hash, table)) == NULL;
            }
            Py_XDECREF(raw);
            if (failed) {
                if (key != small) PyMem_Free(key);
                goto error;
            }
        }
        if (key != small) PyMem_Free(key);
        key_followed(x->keys, slot);
    }
    if (table == x->not_plain) goto done_not_plain;
    /* the tag, stripped once per distinct spelling */
    if ((tag = recalled(&recent->tag, &f[K_TAG])) == NULL) {
        PyObject *raw = text_of(&f[K_TAG], x->empty);
        if (raw == NULL) goto error;
        if (raw == x->empty) tag = raw;
        else {
            tag = PyDict_GetItemWithError(x->tags, raw);
            if (tag != NULL && PyObject_IsTrue(tag)) Py_INCREF(tag);
            else if (PyErr_Occurred()) { Py_DECREF(raw); goto error; }
            else tag = PyObject_CallOneArg(x->tag_of, raw);
            Py_DECREF(raw);
            if (tag == NULL) goto error;
        }
        remember(&recent->tag, &f[K_TAG], tag);
    }
    /* the message, stripped */
    if ((message = recalled(&recent->message, &f[K_MESSAGE])) == NULL) {
        PyObject *raw = text_of(&f[K_MESSAGE], x->empty);
        if (raw == NULL) goto error;
        if (raw == x->empty) message = raw;
        else {
            message = PyObject_CallMethodNoArgs(raw, x->strip_name);
            Py_DECREF(raw);
            if (message == NULL) goto error;
        }
        remember(&recent->message, &f[K_MESSAGE], message);
    }
    if (x->by_version == Py_True) run = Py_NewRef(version);
    else run = Py_NewRef(PyObject_IsTrue(tag) ? tag : x->untagged);
    /* a failed eval: where it failed (turns.py's failing_turn; without Python when its
     * outputData cannot hold turns: not text that starts an object or array, after any
     * whitespace str.strip() takes, which needs a space or a non-ASCII byte) */
    if (passed || !holds_turns(&f[K_OUTPUT])) turn = Py_NewRef(Py_None);
    else {
        PyObject *in = data_of(&f[K_INPUT]), *out = NULL;
        if (in == NULL) goto error;
        out = data_of(&f[K_OUTPUT]);
        if (out == NULL) { Py_DECREF(in); goto error; }
        turn = PyObject_CallFunctionObjArgs(x->turn_of, in, out, NULL);
        Py_DECREF(in);
        Py_DECREF(out);
        if (turn == NULL) goto error;
    }
    line_obj = PyLong_FromSsize_t(line);
    if (line_obj == NULL) goto error;
    result = ((PyTypeObject *)x->run_type)->tp_alloc((PyTypeObject *)x->run_type, 11);
    if (result == NULL) goto error;
    {
        PyObject *items[11] = {run, passed ? Py_True : Py_False, message, x->path, line_obj,
                               tokens, credits, duration, tag, Py_None, turn};
        for (int i = 0; i < 11; i++) PyTuple_SET_ITEM(result, i, Py_NewRef(items[i]));
    }
    /* ResultSet.add: a second row of the same run is merged in */
    {
        PyObject *kept = PyDict_SetDefault(table, run, result);
        if (kept == NULL) goto error;
        if (kept != result) {
            PyObject *merged = PyObject_CallMethodOneArg(kept, x->merged_name, result);
            if (merged == NULL || PyDict_SetItem(table, run, merged) < 0) {
                Py_XDECREF(merged);
                goto error;
            }
            Py_DECREF(merged);
        }
    }
    /* the tags of each run */
    if (recent->last_run == NULL || recent->last_tag == NULL
        || PyObject_RichCompareBool(run, recent->last_run, Py_EQ) != 1
        || PyObject_RichCompareBool(tag, recent->last_tag, Py_EQ) != 1) {
        if (PyErr_Occurred()) goto error;
        PyObject *seen = PyDict_GetItemWithError(x->all_tags, run);
        if (seen == NULL) {
            if (PyErr_Occurred()) goto error;
            seen = PySet_New(NULL);
            if (seen == NULL) goto error;
            if (PyDict_SetItem(x->all_tags, run, seen) < 0) { Py_DECREF(seen); goto error; }
            Py_DECREF(seen);
        }
        if (PyObject_IsTrue(tag) && PySet_Add(seen, tag) < 0) goto error;
        Py_XSETREF(recent->last_run, Py_NewRef(run));
        Py_XSETREF(recent->last_tag, Py_NewRef(tag));
    }
    outcome = 1;
    goto done;
error:
    outcome = -1;
    goto done;
done_not_plain:
    outcome = got < 0 ? -1 : 0;
done:
    Py_XDECREF(version); Py_XDECREF(tokens); Py_XDECREF(credits); Py_XDECREF(duration);
    Py_XDECREF(table); Py_XDECREF(tag); Py_XDECREF(message); Py_XDECREF(run);
    Py_XDECREF(turn); Py_XDECREF(result); Py_XDECREF(line_obj);
    return outcome;
}

/* scan(buffer, pos, end, line, after_entry, context) -> (state, pos, line, stop, line_at_stop)
 *
 * Reads entries of buffer[pos:end] (objects separated by commas; when after_entry, a
 * comma comes first) and adds the plain ones. state 0: every entry was added (pos ==
 * end). state 1: the entry buffer[pos:stop], on `line`, is not plain: Python reads it,
 * then calls again from stop with after_entry. state -1: the bytes are not what the fast
 * reader takes (bad JSON, a surrogate escape): step aside. */
static PyObject *scan(PyObject *module, PyObject *args) {
    Py_buffer view;
    Py_ssize_t pos, end, line;
    int after_entry;
    PyObject *context;
    Context x;
    Value fields[N_FIELDS];
    Recent recent = {0};
    PyObject *answer = NULL;

    if (!PyArg_ParseTuple(args, "y*nnnpO!", &view, &pos, &end, &line, &after_entry,
                          &PyTuple_Type, &context))
        return NULL;
    if (!unpack_context(context, &x)) { PyBuffer_Release(&view); return NULL; }
    if (pos < 0 || end > view.len || pos > end) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "scan: positions outside the buffer");
        return NULL;
    }
    Shape *shape = PyMem_Calloc(1, sizeof(Shape));
    if (shape == NULL) { PyBuffer_Release(&view); return PyErr_NoMemory(); }
    const char *base = (const char *)view.buf;
    Cursor c = {base + pos, base + end, line, 0};
    int state = 0;
    const char *start = c.p, *stop = c.p;
    Py_ssize_t start_line = line;
    for (;;) {
        skip_ws(&c);
        if (after_entry) {
            if (c.p >= c.end) break;
            if (*c.p != ',') { state = INVALID; break; }
            c.p++;
            skip_ws(&c);
        }
        after_entry = 1;
        start = c.p;
        start_line = c.line;
        c.odd = 0;
        if (scan_entry(&c, fields, shape) < 0) { state = INVALID; break; }
        stop = c.p;
        int added = c.odd ? 0 : add_plain(fields, start_line, &x, &recent);
        if (added < 0) {
            recent_clear(&recent);
            PyBuffer_Release(&view);
            PyMem_Free(shape);
            return NULL;
        }
        if (added == 0) { state = 1; break; }
    }
    recent_clear(&recent);
    if (state == 1)
        answer = Py_BuildValue("innnn", 1, (Py_ssize_t)(start - base), start_line,
                               (Py_ssize_t)(stop - base), c.line);
    else if (state == 0)
        answer = Py_BuildValue("innnn", 0, (Py_ssize_t)(c.p - base), c.line,
                               (Py_ssize_t)(c.p - base), c.line);
    else
        answer = Py_BuildValue("innnn", -1, (Py_ssize_t)(c.p - base), c.line, (Py_ssize_t)0,
                               (Py_ssize_t)0);
    PyBuffer_Release(&view);
    PyMem_Free(shape);
    return answer;
}

static PyMethodDef METHODS[] = {
    {"scan", scan, METH_VARARGS, "Add the plain runs of a block of a JSON export."},
    {"key_index", key_index, METH_VARARGS, "A new, empty index of raw case keys, for scan()."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_speedups",
    "The report's pass over every row of a JSON export, in C (see _speedups.c).", -1, METHODS,
};

PyMODINIT_FUNC PyInit__speedups(void) {
    for (int i = 0; i < 256; i++) STRING_STOP[i] = (unsigned char)(i < 0x20 || i >= 0x80 || i == '"' || i == '\\');
    return PyModule_Create(&MODULE);
}
