/* The report's passes over every case, in C (optional, as _speedups.c is: without a C
 * compiler the package is built without it and the Python code does both).
 *
 * totals():      what ait_datasets/report/costs.py's overall_and_by_release adds up;
 * case_totals(): what its cost_fields adds up for one case.
 * judge():       each case's outcome, as ait_datasets/report/stats.py's outcomes() makes
 *                them.
 *
 * Each only ever agrees or steps aside: totals() and case_totals() return None for a run
 * that is not the shape they take, and judge() hands a case it does not take to the
 * Python code. The tests compare both ways.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Whether `run` is a Run (model.py: 11 fields) whose `passed` is a bool: what these
 * passes take. */
static inline int is_run(PyObject *run) {
    return PyTuple_Check(run) && PyTuple_GET_SIZE(run) == 11
           && PyBool_Check(PyTuple_GET_ITEM(run, 1));
}

/* The runs and their numbers lie scattered over the heap: ask for the memory of the runs
 * after items[i] before it is needed (the passes wait on memory, not work). */
static inline void fetch_ahead(PyObject **items, Py_ssize_t i, Py_ssize_t n) {
#if defined(__GNUC__)
    if (i + 4 < n) __builtin_prefetch(items[i + 4]);
    if (i + 2 < n && PyTuple_Check(items[i + 2]) && PyTuple_GET_SIZE(items[i + 2]) == 11) {
        __builtin_prefetch(PyTuple_GET_ITEM(items[i + 2], 5));
        __builtin_prefetch(PyTuple_GET_ITEM(items[i + 2], 6));
        __builtin_prefetch(PyTuple_GET_ITEM(items[i + 2], 7));
    }
#else
    (void)items; (void)i; (void)n;
#endif
}

/* A group's sums: `tokens = used + (tokens or 0)` and `credits = spent + (credits or
 * 0.0)` as costs.py writes them, on C numbers (the same sums: an int64 that would
 * overflow hands the work back to Python, and a double added to a double is Python's). */
typedef struct {
    Py_ssize_t count, passed;
    long long tokens;
    double credits;
    int has_tokens, has_credits;
    long long *durations; /* each run's durationMs, in a growing array */
    Py_ssize_t n_durations, room;
} Sums;

/* Add one run to sums: 0, 1 when Python must add them up instead, -1 error. */
static int add_run(Sums *sums, PyObject *ok, PyObject *used, PyObject *spent, PyObject *took) {
    sums->count++;
    sums->passed += ok == Py_True;
    if (used != Py_None) {
        if (!PyLong_CheckExact(used)) return 1;
        int overflow;
        long long n = PyLong_AsLongLongAndOverflow(used, &overflow);
        if (overflow || (n == -1 && PyErr_Occurred())) { PyErr_Clear(); return 1; }
        long long base = sums->has_tokens ? sums->tokens : 0;
        if (__builtin_add_overflow(n, base, &sums->tokens)) return 1;
        sums->has_tokens = 1;
    }
    if (spent != Py_None) {
        if (!PyFloat_CheckExact(spent)) return 1;
        double base = sums->has_credits && sums->credits != 0.0 ? sums->credits : 0.0;
        sums->credits = PyFloat_AS_DOUBLE(spent) + base;
        sums->has_credits = 1;
    }
    if (took != Py_None) {
        if (!PyLong_CheckExact(took)) return 1;
        int overflow;
        long long ms = PyLong_AsLongLongAndOverflow(took, &overflow);
        if (overflow || (ms == -1 && PyErr_Occurred())) { PyErr_Clear(); return 1; }
        if (sums->n_durations == sums->room) {
            Py_ssize_t grown = sums->room ? sums->room * 2 : 64;
            long long *more = PyMem_Realloc(sums->durations, (size_t)grown * sizeof(long long));
            if (more == NULL) { PyErr_NoMemory(); return -1; }
            sums->durations = more;
            sums->room = grown;
        }
        sums->durations[sums->n_durations++] = ms;
    }
    return 0;
}

static PyObject *tokens_of_sums(const Sums *s) {
    return s->has_tokens ? PyLong_FromLongLong(s->tokens) : Py_NewRef(Py_None);
}

static PyObject *credits_of_sums(const Sums *s) {
    return s->has_credits ? PyFloat_FromDouble(s->credits) : Py_NewRef(Py_None);
}

static int compare_ms(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

/* costs.py's percentile(sorted, p): the value at rank max(1, ceil(p / 100 * n)) of the
 * sorted durations (None for none), for p 50 and 95; the array is sorted in place. */
static PyObject *rank_of(const long long *sorted, Py_ssize_t n, double p) {
    if (n == 0) return Py_NewRef(Py_None);
    double at = ceil(p / 100.0 * (double)n);
    Py_ssize_t rank = at < 1 ? 1 : (Py_ssize_t)at;
    return PyLong_FromLongLong(sorted[rank - 1]);
}

static int percentiles(long long *durations, Py_ssize_t n, PyObject **p50, PyObject **p95) {
    if (n > 1) qsort(durations, (size_t)n, sizeof(long long), compare_ms);
    *p50 = rank_of(durations, n, 50);
    *p95 = rank_of(durations, n, 95);
    return *p50 && *p95 ? 0 : -1;
}

/* totals(runs_lists, no_tag) -> (count, passed, tokens, credits, p50, p95, groups) or None
 *
 * What costs.py's overall_and_by_release adds up. runs_lists: an iterable of lists or
 * tuples of Run. groups: {tag: (count, passed, tokens, credits, p50, p95)} in the order
 * the tags are first met, a run without a tag under no_tag. None when a run is not the
 * shape this pass takes (then Python adds them up). */
static PyObject *totals(PyObject *module, PyObject *args) {
    PyObject *outcomes, *no_tag, *iterator, *runs, *answer = NULL;
    PyObject *index = NULL, *last_tag = NULL;
    Sums overall = {0}, *groups = NULL, *group = NULL;
    Py_ssize_t n_groups = 0, room = 0;
    int fallback = 0;
    if (!PyArg_ParseTuple(args, "OU", &outcomes, &no_tag)) return NULL;
    if ((iterator = PyObject_GetIter(outcomes)) == NULL) return NULL;
    if ((index = PyDict_New()) == NULL) goto finish;
    while (!fallback && (runs = PyIter_Next(iterator)) != NULL) {
        PyObject *seq = PySequence_Fast(runs, "runs");
        Py_DECREF(runs);
        if (seq == NULL) goto finish;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
        PyObject **items = PySequence_Fast_ITEMS(seq);
        for (Py_ssize_t i = 0; i < n && !fallback; i++) {
            PyObject *run = items[i];
            fetch_ahead(items, i, n);
            if (!is_run(run)) { fallback = 1; break; }
            PyObject *tag = PyTuple_GET_ITEM(run, 8);
            int tagged = PyObject_IsTrue(tag);
            if (tagged < 0) { Py_DECREF(seq); goto finish; }
            if (!tagged) tag = no_tag;
            /* a case's runs mostly share the previous run's tag */
            int same = last_tag != NULL && (tag == last_tag
                                            || PyObject_RichCompareBool(tag, last_tag, Py_EQ) == 1);
            if (PyErr_Occurred()) { Py_DECREF(seq); goto finish; }
            if (!same) {
                PyObject *at = PyDict_GetItemWithError(index, tag);
                Py_ssize_t k;
                if (at != NULL) k = PyLong_AsSsize_t(at);
                else if (PyErr_Occurred()) { Py_DECREF(seq); goto finish; }
                else {
                    if (n_groups == room) {
                        Py_ssize_t grown = room ? room * 2 : 8;
                        Sums *more = PyMem_Realloc(groups, (size_t)grown * sizeof(Sums));
                        if (more == NULL) { PyErr_NoMemory(); Py_DECREF(seq); goto finish; }
                        groups = more;
                        room = grown;
                    }
                    k = n_groups;
                    memset(&groups[k], 0, sizeof(Sums));
                    PyObject *position = PyLong_FromSsize_t(k);
                    if (position == NULL || PyDict_SetItem(index, tag, position) < 0) {
                        Py_XDECREF(position);
                        Py_DECREF(seq);
                        goto finish;
                    }
                    Py_DECREF(position);
                    n_groups++;
                }
                group = &groups[k];
                Py_XSETREF(last_tag, Py_NewRef(tag));
            }
            PyObject *ok = PyTuple_GET_ITEM(run, 1), *used = PyTuple_GET_ITEM(run, 5);
            PyObject *spent = PyTuple_GET_ITEM(run, 6), *took = PyTuple_GET_ITEM(run, 7);
            /* every duration is in its group's list: the overall sums take none */
            int step = add_run(&overall, ok, used, spent, Py_None);
            if (step == 0) step = add_run(group, ok, used, spent, took);
            if (step < 0) { Py_DECREF(seq); goto finish; }
            if (step > 0) fallback = 1;
        }
        Py_DECREF(seq);
    }
    if (PyErr_Occurred()) goto finish;
    if (fallback) { answer = Py_NewRef(Py_None); goto finish; }
    {
        PyObject *out = PyDict_New(), *tag;
        Py_ssize_t position = 0;
        PyObject *at;
        if (out == NULL) goto finish;
        while (PyDict_Next(index, &position, &tag, &at)) {
            Sums *g = &groups[PyLong_AsSsize_t(at)];
            PyObject *t = tokens_of_sums(g), *c = credits_of_sums(g);
            PyObject *p50 = NULL, *p95 = NULL, *entry = NULL;
            if (percentiles(g->durations, g->n_durations, &p50, &p95) == 0 && t && c)
                entry = Py_BuildValue("nnOOOO", g->count, g->passed, t, c, p50, p95);
            Py_XDECREF(t);
            Py_XDECREF(c);
            Py_XDECREF(p50);
            Py_XDECREF(p95);
            if (entry == NULL || PyDict_SetItem(out, tag, entry) < 0) {
                Py_XDECREF(entry);
                Py_DECREF(out);
                goto finish;
            }
            Py_DECREF(entry);
        }
        /* every duration, for the overall percentiles */
        Py_ssize_t total = 0;
        for (Py_ssize_t k = 0; k < n_groups; k++) total += groups[k].n_durations;
        long long *all = PyMem_Malloc((size_t)(total ? total : 1) * sizeof(long long));
        if (all == NULL) { PyErr_NoMemory(); Py_DECREF(out); goto finish; }
        for (Py_ssize_t k = 0, at_ = 0; k < n_groups; k++) {
            if (groups[k].n_durations)
                memcpy(all + at_, groups[k].durations, (size_t)groups[k].n_durations * sizeof(long long));
            at_ += groups[k].n_durations;
        }
        PyObject *t = tokens_of_sums(&overall), *c = credits_of_sums(&overall);
        PyObject *p50 = NULL, *p95 = NULL;
        if (percentiles(all, total, &p50, &p95) == 0 && t && c)
            answer = Py_BuildValue("nnOOOOO", overall.count, overall.passed, t, c, p50, p95, out);
        PyMem_Free(all);
        Py_XDECREF(t);
        Py_XDECREF(c);
        Py_XDECREF(p50);
        Py_XDECREF(p95);
        Py_DECREF(out);
    }
finish:
    Py_DECREF(iterator);
    Py_XDECREF(index);
    Py_XDECREF(last_tag);
    for (Py_ssize_t k = 0; k < n_groups; k++) PyMem_Free(groups[k].durations);
    PyMem_Free(groups);
    return answer;
}

/* case_totals(runs) -> (count, passed, tokens, credits, p50, p95) or None
 *
 * What costs.py's costs_of adds up for one case's runs (a list or tuple of Run): the
 * overall sums of totals() for one list, without its groups by tag. None when a run is
 * not the shape this pass takes. */
static PyObject *case_totals(PyObject *module, PyObject *runs) {
    PyObject *seq = PySequence_Fast(runs, "runs"), *answer = NULL;
    if (seq == NULL) return NULL;
    Sums sums = {0};
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    int step = 0;
    for (Py_ssize_t i = 0; i < n && step == 0; i++) {
        PyObject *run = items[i];
        fetch_ahead(items, i, n);
        if (!is_run(run)) { step = 1; break; }
        step = add_run(&sums, PyTuple_GET_ITEM(run, 1), PyTuple_GET_ITEM(run, 5),
                       PyTuple_GET_ITEM(run, 6), PyTuple_GET_ITEM(run, 7));
    }
    if (step > 0) answer = Py_NewRef(Py_None);
    else if (step == 0) {
        PyObject *t = tokens_of_sums(&sums), *c = credits_of_sums(&sums);
        PyObject *p50 = NULL, *p95 = NULL;
        if (percentiles(sums.durations, sums.n_durations, &p50, &p95) == 0 && t && c)
            answer = Py_BuildValue("nnOOOO", sums.count, sums.passed, t, c, p50, p95);
        Py_XDECREF(t);
        Py_XDECREF(c);
        Py_XDECREF(p50);
        Py_XDECREF(p95);
    }
    PyMem_Free(sums.durations);
    Py_DECREF(seq);
    return answer;
}

/* judge(cases, keys, k, skipped, outcome_type, states, one_case) -> tuple of outcomes
 *
 * stats.py's outcomes(): for each key (in the order given), the case's runs in run order
 * and its CaseOutcome, made as the dataclass makes it (every field set, the counts and
 * state computed as its __post_init__ computes them). states: (PASSED, FAILED, FLAKY).
 * A case whose runs are not Versions already in ascending order, or whose `passed` is
 * not a bool, is judged by one_case(key) (Python) instead. */
static PyObject *OUTCOME_FIELDS[9];
static const char *OUTCOME_NAMES[9] = {"key", "runs", "k", "skipped", "passes", "all_passes",
                                       "judged_count", "short", "state"};

static int in_version_order(PyObject *runs) {
    PyObject *run_id, *value;
    Py_ssize_t at = 0;
    long long last = 0;
    for (int first = 1; PyDict_Next(runs, &at, &run_id, &value); first = 0) {
        if (!PyLong_CheckExact(run_id)) return 0;
        int overflow;
        long long n = PyLong_AsLongLongAndOverflow(run_id, &overflow);
        if (overflow || (n == -1 && PyErr_Occurred())) { PyErr_Clear(); return 0; }
        if (!first && n <= last) return 0;
        last = n;
    }
    return 1;
}

static PyObject *judge_one(PyObject *key, PyObject *runs_dict, long k, PyObject *skipped,
                           PyTypeObject *type, PyObject *states) {
    Py_ssize_t n = PyDict_GET_SIZE(runs_dict), passes = 0, later = 0;
    PyObject *runs = PyTuple_New(n), *run_id, *run;
    Py_ssize_t at = 0, i = 0;
    if (runs == NULL) return NULL;
    while (PyDict_Next(runs_dict, &at, &run_id, &run)) {
        if (!PyTuple_Check(run) || PyTuple_GET_SIZE(run) < 2 || !PyBool_Check(PyTuple_GET_ITEM(run, 1))) {
            Py_DECREF(runs);
            return Py_NewRef(Py_None); /* Python judges it */
        }
        if (PyTuple_GET_ITEM(run, 1) == Py_True) { if (i < k) passes++; else later++; }
        PyTuple_SET_ITEM(runs, i, Py_NewRef(run));
        i++;
    }
    Py_ssize_t judged = n < k ? n : k;
    PyObject *state = PyTuple_GET_ITEM(states, passes == judged ? 0 : passes == 0 ? 1 : 2);
    PyObject *outcome = type->tp_alloc(type, 0);
    if (outcome == NULL) { Py_DECREF(runs); return NULL; }
    PyObject *values[9] = {key, runs, PyLong_FromLong(k), Py_NewRef(skipped),
                           PyLong_FromSsize_t(passes), PyLong_FromSsize_t(passes + later),
                           PyLong_FromSsize_t(judged), Py_NewRef(n < k ? Py_True : Py_False),
                           Py_NewRef(state)};
    int failed = 0;
    for (int f = 0; f < 9; f++) {
        if (values[f] == NULL || (!failed && PyObject_GenericSetAttr(outcome, OUTCOME_FIELDS[f], values[f]) < 0))
            failed = 1;
    }
    for (int f = 1; f < 9; f++) Py_XDECREF(values[f]); /* key is borrowed */
    if (failed) { Py_DECREF(outcome); return NULL; }
    return outcome;
}

static PyObject *judge(PyObject *module, PyObject *args) {
    PyObject *cases, *keys, *skipped, *states, *one_case, *zero;
    PyTypeObject *type;
    long k;
    if (!PyArg_ParseTuple(args, "O!O!lO!O!O!O", &PyDict_Type, &cases, &PyList_Type, &keys, &k,
                          &PyDict_Type, &skipped, &PyType_Type, &type, &PyTuple_Type, &states,
                          &one_case))
        return NULL;
    if (PyTuple_GET_SIZE(states) != 3 || k < 1) {
        PyErr_SetString(PyExc_ValueError, "judge: three states and k of at least 1");
        return NULL;
    }
    for (int f = 0; f < 9; f++) {
        if (OUTCOME_FIELDS[f] == NULL && (OUTCOME_FIELDS[f] = PyUnicode_InternFromString(OUTCOME_NAMES[f])) == NULL)
            return NULL;
    }
    if ((zero = PyLong_FromLong(0)) == NULL) return NULL;
    Py_ssize_t count = PyList_GET_SIZE(keys);
    PyObject *out = PyTuple_New(count);
    if (out == NULL) { Py_DECREF(zero); return NULL; }
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *key = PyList_GET_ITEM(keys, i);
        PyObject *runs = PyDict_GetItemWithError(cases, key), *outcome = NULL;
        if (runs == NULL) {
            if (!PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, key);
            goto error;
        }
        PyObject *skips = PyDict_GetItemWithError(skipped, key);
        if (skips == NULL && PyErr_Occurred()) goto error;
        if (PyDict_Check(runs) && in_version_order(runs)) {
            outcome = judge_one(key, runs, k, skips ? skips : zero, type, states);
            if (outcome == NULL) goto error;
        }
        if (outcome == NULL || outcome == Py_None) {
            Py_XDECREF(outcome);
            outcome = PyObject_CallOneArg(one_case, key);
            if (outcome == NULL) goto error;
        }
        PyTuple_SET_ITEM(out, i, outcome);
    }
    Py_DECREF(zero);
    return out;
error:
    Py_DECREF(zero);
    Py_DECREF(out);
    return NULL;
}

static PyMethodDef METHODS[] = {
    {"totals", totals, METH_VARARGS, "Add up what every run consumed, overall and per tag."},
    {"case_totals", case_totals, METH_O, "Add up what one case's runs consumed."},
    {"judge", judge, METH_VARARGS, "Each case's runs in run order and its outcome."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_case_speedups",
    "The report's passes over every case, in C (see _case_speedups.c).", -1, METHODS,
};

PyMODINIT_FUNC PyInit__case_speedups(void) { return PyModule_Create(&MODULE); }
