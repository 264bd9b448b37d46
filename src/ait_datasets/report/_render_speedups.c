/* The report's per-case rendering work, in C (optional, as _speedups.c is: without a C
 * compiler the package is built without it and the renderers' Python code does it all).
 *
 * escape():     html.escape(text) (quote=True), made once per value of the HTML page.
 * grid_cells(): the run cells of a case that has every run of the report, joined: what
 *               render_html._grid_row makes of them with _cell_html, with the cells
 *               of plain runs (no message, no known turn) made once per column.
 * marks():      the text report's marks of a case that has every run of the report:
 *               what wording.marks joins.
 * cost_line():  wording.cost_line of one case's costs (the HTML page's cost cell).
 *
 * Each answers exactly as the Python code does or returns None, and the caller then
 * does the work in Python: a case that lacks a run, a run that is not the shape the
 * renderers make (a Run with a bool `passed`). The tests compare both ways.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Fields of a Run (model.py), by position. */
enum { RUN_ID = 0, RUN_PASSED = 1, RUN_MESSAGE = 2, RUN_TURN = 10, RUN_FIELDS = 11 };

/* The extra characters each character takes once escaped, as html.escape writes it. */
static Py_ssize_t escaped_extra(Py_UCS4 c) {
    switch (c) {
    case '&': return 4;               /* &amp;  */
    case '<': case '>': return 3;     /* &lt; &gt; */
    case '"': case '\'': return 5;    /* &quot; &#x27; */
    default: return 0;
    }
}

static const char *escaped_as(Py_UCS4 c) {
    switch (c) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return "&quot;";
    default: return "&#x27;";
    }
}

/* escape(text) -> html.escape(text): & < > " ' replaced, in one pass to count and one to
 * write (none to write for most values, which are returned as they are). */
static PyObject *escape(PyObject *module, PyObject *text) {
    if (!PyUnicode_Check(text)) {
        PyErr_Format(PyExc_TypeError, "escape() takes str, not %.100s", Py_TYPE(text)->tp_name);
        return NULL;
    }
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), extra = 0;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    if (kind == PyUnicode_1BYTE_KIND) {
        const Py_UCS1 *p = (const Py_UCS1 *)data;
        for (Py_ssize_t i = 0; i < n; i++) extra += escaped_extra(p[i]);
    } else {
        for (Py_ssize_t i = 0; i < n; i++) extra += escaped_extra(PyUnicode_READ(kind, data, i));
    }
    if (extra == 0) {
        if (PyUnicode_CheckExact(text)) return Py_NewRef(text);
        return PyUnicode_FromKindAndData(kind, data, n); /* str.replace gives a str */
    }
    PyObject *out = PyUnicode_New(n + extra, PyUnicode_MAX_CHAR_VALUE(text));
    if (out == NULL) return NULL;
    int out_kind = PyUnicode_KIND(out);
    void *out_data = PyUnicode_DATA(out);
    Py_ssize_t at = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (escaped_extra(c) == 0) {
            PyUnicode_WRITE(out_kind, out_data, at++, c);
            continue;
        }
        for (const char *s = escaped_as(c); *s; s++) PyUnicode_WRITE(out_kind, out_data, at++, (Py_UCS4)*s);
    }
    return out;
}

/* The case's runs, if it has exactly the report's runs, in order (as the renderers ask
 * with `tuple(map(run_id_of, runs)) == run_ids`): 1; 0: it has not, or a run is not a
 * Run; -1: an error (a comparison raised). */
static int has_every_run(PyObject *runs, PyObject *run_ids) {
    if (!PyTuple_Check(runs) || !PyTuple_Check(run_ids)) return 0;
    Py_ssize_t n = PyTuple_GET_SIZE(runs);
    if (n != PyTuple_GET_SIZE(run_ids)) return 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *run = PyTuple_GET_ITEM(runs, i);
#if defined(__GNUC__)
        /* A case's runs lie scattered over the heap (made row by row, a run of every
         * case at a time): ask for the next ones before they are needed. */
        if (i + 4 < n) __builtin_prefetch(PyTuple_GET_ITEM(runs, i + 4));
#endif
        if (!PyTuple_Check(run) || PyTuple_GET_SIZE(run) != RUN_FIELDS) return 0;
        PyObject *passed = PyTuple_GET_ITEM(run, RUN_PASSED);
        if (passed != Py_True && passed != Py_False) return 0;
        int same = PyObject_RichCompareBool(PyTuple_GET_ITEM(run, RUN_ID),
                                            PyTuple_GET_ITEM(run_ids, i), Py_EQ);
        if (same != 1) return same;
    }
    return 1;
}

/* Whether a run's cell is the same for every case: no message and no known turn. */
static int is_plain(PyObject *run) {
    PyObject *message = PyTuple_GET_ITEM(run, RUN_MESSAGE);
    return PyUnicode_CheckExact(message) && PyUnicode_GET_LENGTH(message) == 0
           && PyTuple_GET_ITEM(run, RUN_TURN) == Py_None;
}

/* grid_cells(runs, run_ids, k, cell, memo) -> str | None
 *
 * "".join(cell(run.run, run.passed, i < k, run.message, run.turn) for i, run in
 * enumerate(runs)) when the case's runs are exactly run_ids; None otherwise. memo is a
 * list of 4 * len(run_ids) slots (None until made) that keeps the cell of a plain run
 * per column, passed or failed, judged or not: cell is a pure function, so one call per
 * slot gives what a call per cell would. */
static PyObject *grid_cells(PyObject *module, PyObject *args) {
    PyObject *runs, *run_ids, *cell, *memo;
    Py_ssize_t k;
    if (!PyArg_ParseTuple(args, "OOnOO!", &runs, &run_ids, &k, &cell, &PyList_Type, &memo))
        return NULL;
    int every = has_every_run(runs, run_ids);
    if (every < 0) return NULL;
    Py_ssize_t n = every ? PyTuple_GET_SIZE(runs) : 0;
    if (!every || PyList_GET_SIZE(memo) != 4 * n) Py_RETURN_NONE;
    PyObject *cells = PyTuple_New(n);
    if (cells == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *run = PyTuple_GET_ITEM(runs, i);
        PyObject *passed = PyTuple_GET_ITEM(run, RUN_PASSED);
        PyObject *judged = i < k ? Py_True : Py_False;
        Py_ssize_t slot = 4 * i + 2 * (passed == Py_True) + (i < k);
        PyObject *made = NULL;
        if (is_plain(run) && PyList_GET_ITEM(memo, slot) != Py_None) {
            made = Py_NewRef(PyList_GET_ITEM(memo, slot));
        } else {
            made = PyObject_CallFunctionObjArgs(cell, PyTuple_GET_ITEM(run, RUN_ID), passed,
                                                judged, PyTuple_GET_ITEM(run, RUN_MESSAGE),
                                                PyTuple_GET_ITEM(run, RUN_TURN), NULL);
            if (made == NULL) { Py_DECREF(cells); return NULL; }
            if (!PyUnicode_Check(made)) {
                Py_DECREF(made);
                Py_DECREF(cells);
                PyErr_SetString(PyExc_TypeError, "grid_cells(): a cell is not a str");
                return NULL;
            }
            if (is_plain(run)) PyList_SetItem(memo, slot, Py_NewRef(made));
        }
        PyTuple_SET_ITEM(cells, i, made);
    }
    PyObject *empty = PyUnicode_FromStringAndSize(NULL, 0);
    PyObject *joined = empty == NULL ? NULL : PyUnicode_Join(empty, cells);
    Py_XDECREF(empty);
    Py_DECREF(cells);
    return joined;
}

/* marks(runs, run_ids, passed, failed) -> str | None
 *
 * " ".join(passed if run.passed else failed for run in runs) when the case's runs are
 * exactly run_ids; None otherwise. */
static PyObject *marks(PyObject *module, PyObject *args) {
    PyObject *runs, *run_ids, *passed_mark, *failed_mark;
    if (!PyArg_ParseTuple(args, "OOUU", &runs, &run_ids, &passed_mark, &failed_mark))
        return NULL;
    int every = has_every_run(runs, run_ids);
    if (every < 0) return NULL;
    if (!every) Py_RETURN_NONE;
    Py_ssize_t n = PyTuple_GET_SIZE(runs);
    PyObject *shown = PyTuple_New(n);
    if (shown == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *run = PyTuple_GET_ITEM(runs, i);
        PyObject *mark = PyTuple_GET_ITEM(run, RUN_PASSED) == Py_True ? passed_mark : failed_mark;
        PyTuple_SET_ITEM(shown, i, Py_NewRef(mark));
    }
    PyObject *space = PyUnicode_FromStringAndSize(" ", 1);
    PyObject *joined = space == NULL ? NULL : PyUnicode_Join(space, shown);
    Py_XDECREF(space);
    Py_DECREF(shown);
    return joined;
}

/* The text of f"{value:,.{decimals}f}" for a finite double below 2**53, written
 * to out (room: TEXT_ROOM bytes, more than twice what it takes): Python's own
 * digits (PyOS_double_to_string, which float.__format__ uses), a comma between each
 * three of the whole part. 0, or -1 with an error set. */
static int grouped(double value, int decimals, char *out) {
    char *digits = PyOS_double_to_string(value, 'f', decimals, 0, NULL);
    if (digits == NULL) return -1;
    const char *p = digits;
    char *o = out;
    if (*p == '-') *o++ = *p++;
    size_t whole = 0;
    while (p[whole] >= '0' && p[whole] <= '9') whole++;
    for (size_t i = 0; i < whole; i++) {
        if (i > 0 && (whole - i) % 3 == 0) *o++ = ',';
        *o++ = p[i];
    }
    strcpy(o, p + whole); /* the decimals */
    PyMem_Free(digits);
    return 0;
}

#define TEXT_ROOM 64
#define LIMIT 9007199254740992.0 /* 2**53: whole numbers up to it are exact doubles */

/* wording.duration(ms) for |ms| < 2**53: "850 ms", "12.3 s". */
static int duration_text(long long ms, char *out) {
    if (ms < 1000) {
        snprintf(out, TEXT_ROOM, "%lld ms", ms);
        return 0;
    }
    if (grouped((double)ms / 1000.0, 1, out) < 0) return -1;
    strcat(out, " s");
    return 0;
}

/* A whole number of at most 53 bits (exact as a double): 1, with *out set; 0 otherwise. */
static int exact_count(PyObject *value, long long *out) {
    if (!PyLong_CheckExact(value)) return 0;
    int overflow;
    long long n = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (overflow || (n == -1 && PyErr_Occurred())) { PyErr_Clear(); return 0; }
    if (n > (1LL << 53) || n < -(1LL << 53)) return 0;
    *out = n;
    return 1;
}

/* cost_line(passed, tokens, credits, p50_ms, p95_ms) -> str | None
 *
 * wording.cost_line of costs with those fields: "12,345 tokens (1,543 per pass), 3.20
 * Copilot credits (0.40 per pass), duration p50 1.2 s, p95 2.0 s", what is None left
 * out, "not exported" for nothing. The same divisions as Costs' per-pass properties
 * (exact only below 2**53: None beyond, and for any other type). */
static PyObject *cost_line(PyObject *module, PyObject *args) {
    PyObject *passed_obj, *tokens_obj, *credits_obj, *p50_obj, *p95_obj;
    if (!PyArg_ParseTuple(args, "OOOOO", &passed_obj, &tokens_obj, &credits_obj, &p50_obj,
                          &p95_obj))
        return NULL;
    long long passed, tokens = 0, p50 = 0, p95 = 0;
    int has_tokens = tokens_obj != Py_None, has_credits = credits_obj != Py_None;
    int has_duration = p50_obj != Py_None;
    if (!exact_count(passed_obj, &passed) || passed < 0) Py_RETURN_NONE;
    if (has_tokens && !exact_count(tokens_obj, &tokens)) Py_RETURN_NONE;
    if (has_credits) {
        if (!PyFloat_CheckExact(credits_obj)) Py_RETURN_NONE;
        double credits = PyFloat_AS_DOUBLE(credits_obj);
        if (!isfinite(credits) || fabs(credits) >= LIMIT) Py_RETURN_NONE;
    }
    if (has_duration && (!exact_count(p50_obj, &p50) || !exact_count(p95_obj, &p95)))
        Py_RETURN_NONE;
    char text[4 * TEXT_ROOM + 128], a[TEXT_ROOM], b[TEXT_ROOM];
    text[0] = '\0';
    if (has_tokens) {
        if (grouped((double)tokens, 0, a) < 0) return NULL;
        if (passed == 0) strcpy(b, "n/a");
        else if (grouped((double)tokens / (double)passed, 0, b) < 0) return NULL;
        snprintf(text, sizeof text, "%s tokens (%s per pass)", a, b);
    }
    if (has_credits) {
        double credits = PyFloat_AS_DOUBLE(credits_obj);
        if (grouped(credits, 2, a) < 0) return NULL;
        if (passed == 0) strcpy(b, "n/a");
        else if (grouped(credits / (double)passed, 2, b) < 0) return NULL;
        size_t at = strlen(text);
        snprintf(text + at, sizeof text - at, "%s%s Copilot credits (%s per pass)",
                 at ? ", " : "", a, b);
    }
    if (has_duration) {
        if (duration_text(p50, a) < 0 || duration_text(p95, b) < 0) return NULL;
        size_t at = strlen(text);
        snprintf(text + at, sizeof text - at, "%sduration p50 %s, p95 %s", at ? ", " : "", a, b);
    }
    return PyUnicode_FromString(text[0] ? text : "not exported");
}

static PyMethodDef METHODS[] = {
    {"escape", escape, METH_O, "html.escape(text): & < > \" ' replaced."},
    {"grid_cells", grid_cells, METH_VARARGS, "The run cells of a case that has every run."},
    {"marks", marks, METH_VARARGS, "The text marks of a case that has every run."},
    {"cost_line", cost_line, METH_VARARGS, "wording.cost_line of a case's costs."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_render_speedups",
    "The report's per-case rendering work, in C (see _render_speedups.c).", -1, METHODS,
};

PyMODINIT_FUNC PyInit__render_speedups(void) { return PyModule_Create(&MODULE); }
