/* The solver's inner loops over rows of value blocks, compiled.
 *
 * A block is a C-contiguous float64 array of (channels, rows, states): channel 0 holds
 * expected points, the others their higher moments (see advisor/moments.py). Each
 * function takes a list of target rows and, per target, source rows, and runs over the
 * states of each row in the innermost loop. Numpy would spend one call (microseconds)
 * per row; here a row costs nanoseconds. The arithmetic and the order of comparisons
 * are those of the numpy expressions they replace, so the results are the same bits.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    Py_buffer view;
    Py_ssize_t length; /* items */
} Items;

/* A C-contiguous buffer of float64 ('d') or int64 items. */
static int get_items(PyObject *source, Items *items, int writable, int floats, const char *name) {
    int flags = PyBUF_FORMAT | PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(source, &items->view, flags) < 0) {
        return -1;
    }
    const char *format = items->view.format ? items->view.format : "B";
    if (format[0] == '<' || format[0] == '=' || format[0] == '@') {
        format++;
    }
    int fits = items->view.itemsize == 8 &&
               (floats ? strcmp(format, "d") == 0
                       : (strcmp(format, "l") == 0 || strcmp(format, "q") == 0));
    if (!fits) {
        PyErr_Format(PyExc_TypeError, "%s must hold %s", name, floats ? "float64" : "int64");
        PyBuffer_Release(&items->view);
        return -1;
    }
    items->length = items->view.len / 8;
    return 0;
}

static void release_all(Items *items, int count) {
    while (count-- > 0) {
        PyBuffer_Release(&items[count].view);
    }
}

/* The buffers of `count` objects, writable and of float64 items where flagged (else
 * int64); on failure those got are released and -1 returned. */
static int get_all(PyObject *const *objects, Items *items, int count, const char *const *names,
                   const int *writable, const int *floats) {
    for (int i = 0; i < count; i++) {
        if (get_items(objects[i], &items[i], writable[i], floats[i], names[i]) < 0) {
            release_all(items, i);
            return -1;
        }
    }
    return 0;
}

/* Whether every index lies in [0, bound); sets ValueError if not. */
static int within(const Items *indices, Py_ssize_t bound, const char *name) {
    const int64_t *at = indices->view.buf;
    for (Py_ssize_t i = 0; i < indices->length; i++) {
        if (at[i] < 0 || at[i] >= bound) {
            PyErr_Format(PyExc_ValueError, "%s holds %lld, outside 0 to %zd", name,
                         (long long)at[i], bound - 1);
            return 0;
        }
    }
    return 1;
}

/* The rows of a block of `channels` by rows by `width`; sets ValueError if it is not one. */
static Py_ssize_t rows_of(const Items *block, Py_ssize_t channels, Py_ssize_t width,
                          const char *name) {
    if (channels < 1 || width < 1 || (block->length > 0 && channels > block->length / width) ||
        block->length % (channels * width) != 0) {
        PyErr_Format(PyExc_ValueError, "%s is not %zd channels of rows of %zd states", name,
                     channels, width);
        return -1;
    }
    return block->length / (channels * width);
}

/* The arguments of mean_rows and push_rows, (block, channels, width, targets, sources):
 * their buffers (to release), the block's shape, the targets and the sources of each. */
typedef struct {
    Items items[3];
    Py_ssize_t channels, width, rows, count, k;
    double *values;
    const int64_t *target, *source;
} Steps;

/* Fill `steps` from `args`; on failure release what it got and return -1. */
static int steps_of(PyObject *args, Steps *steps) {
    PyObject *objects[3];
    if (!PyArg_ParseTuple(args, "OnnOO", &objects[0], &steps->channels, &steps->width,
                          &objects[1], &objects[2])) {
        return -1;
    }
    static const char *const names[3] = {"block", "targets", "sources"};
    static const int writable[3] = {1, 0, 0}, floats[3] = {1, 0, 0};
    Items *items = steps->items;
    if (get_all(objects, items, 3, names, writable, floats) < 0) {
        return -1;
    }
    Py_ssize_t rows = rows_of(&items[0], steps->channels, steps->width, "block");
    Py_ssize_t count = items[1].length, sources = items[2].length;
    if (rows < 0 || !within(&items[1], rows, "targets") || !within(&items[2], rows, "sources")) {
        release_all(items, 3);
        return -1;
    }
    if ((count == 0) != (sources == 0) || (count > 0 && sources % count != 0)) {
        PyErr_SetString(PyExc_ValueError,
                        "sources must hold the same number, at least one, for each target");
        release_all(items, 3);
        return -1;
    }
    steps->rows = rows;
    steps->count = count;
    steps->k = count == 0 ? 0 : sources / count;
    steps->values = items[0].view.buf;
    steps->target = items[1].view.buf;
    steps->source = items[2].view.buf;
    return 0;
}

PyDoc_STRVAR(mean_rows_doc,
             "mean_rows(block, channels, width, targets, sources)\n--\n\n"
             "Set each target row of the block, in order, to the mean of its sources' rows "
             "(sources: one row of k indices per target), summed in order, then divided by k.");

static PyObject *mean_rows(PyObject *self, PyObject *args) {
    Steps steps;
    if (steps_of(args, &steps) < 0) {
        return NULL;
    }
    Py_ssize_t channels = steps.channels, width = steps.width, rows = steps.rows, k = steps.k;
    const int64_t *target = steps.target, *source = steps.source;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < steps.count; i++) {
        for (Py_ssize_t c = 0; c < channels; c++) {
            double *plane = steps.values + c * rows * width;
            double *out = plane + target[i] * width;
            const double *first = plane + source[i * k] * width;
            for (Py_ssize_t s = 0; s < width; s++) {
                out[s] = first[s];
            }
            for (Py_ssize_t j = 1; j < k; j++) {
                const double *in = plane + source[i * k + j] * width;
                for (Py_ssize_t s = 0; s < width; s++) {
                    out[s] += in[s];
                }
            }
            for (Py_ssize_t s = 0; s < width; s++) {
                out[s] /= (double)k;
            }
        }
    }
    Py_END_ALLOW_THREADS
    release_all(steps.items, 3);
    Py_RETURN_NONE;
}

PyDoc_STRVAR(push_rows_doc,
             "push_rows(block, channels, width, targets, sources)\n--\n\n"
             "mean_rows run backwards: for each target row of the block, last first, add its "
             "row divided by k to each of its k sources' rows (where a chance of being at the "
             "target goes when one more die is rolled).");

static PyObject *push_rows(PyObject *self, PyObject *args) {
    Steps steps;
    if (steps_of(args, &steps) < 0) {
        return NULL;
    }
    Py_ssize_t channels = steps.channels, width = steps.width, rows = steps.rows, k = steps.k;
    const int64_t *target = steps.target, *source = steps.source;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = steps.count - 1; i >= 0; i--) {
        for (Py_ssize_t c = 0; c < channels; c++) {
            double *plane = steps.values + c * rows * width;
            const double *from = plane + target[i] * width;
            for (Py_ssize_t j = 0; j < k; j++) {
                double *into = plane + source[i * k + j] * width;
                for (Py_ssize_t s = 0; s < width; s++) {
                    into[s] += from[s] / (double)k;
                }
            }
        }
    }
    Py_END_ALLOW_THREADS
    release_all(steps.items, 3);
    Py_RETURN_NONE;
}

/* Whether `starts` runs from 0 to `length` without decreasing, one run per item. */
static int runs(const Items *starts, Py_ssize_t states, Py_ssize_t length, const char *name) {
    const int64_t *start = starts->view.buf;
    if (starts->length != states + 1 || start[0] != 0 || start[states] != length) {
        PyErr_Format(PyExc_ValueError, "%s must run from 0 to %zd, one run per item", name,
                     length);
        return 0;
    }
    for (Py_ssize_t i = 0; i < states; i++) {
        if (start[i] > start[i + 1]) {
            PyErr_Format(PyExc_ValueError, "%s must never decrease", name);
            return 0;
        }
    }
    return 1;
}

PyDoc_STRVAR(raise_rows_doc,
             "raise_rows(best, options, channels, width, targets, starts, sources)\n--\n\n"
             "Raise each target row of best, in order, to each of its sources' rows of "
             "options in turn (those of target i are sources[starts[i]:starts[i + 1]]) where "
             "that is worth more on channel 0, taking all of its channels; a tie keeps best. "
             "best and options may be the same block.");

/* Raise one row of best (its channels `best_plane` apart) to one row of options. */
static void raise_row(double *best, const double *option, Py_ssize_t channels,
                      Py_ssize_t best_plane, Py_ssize_t option_plane, Py_ssize_t width) {
    if (channels == 1) {
        for (Py_ssize_t s = 0; s < width; s++) {
            best[s] = option[s] > best[s] ? option[s] : best[s];
        }
        return;
    }
    for (Py_ssize_t s = 0; s < width; s++) {
        if (option[s] > best[s]) {
            for (Py_ssize_t c = 0; c < channels; c++) {
                best[c * best_plane + s] = option[c * option_plane + s];
            }
        }
    }
}

static PyObject *raise_rows(PyObject *self, PyObject *args) {
    PyObject *objects[5];
    Py_ssize_t channels, width;
    if (!PyArg_ParseTuple(args, "OOnnOOO", &objects[0], &objects[1], &channels, &width,
                          &objects[2], &objects[3], &objects[4])) {
        return NULL;
    }
    static const char *const names[5] = {"best", "options", "targets", "starts", "sources"};
    static const int writable[5] = {1, 0, 0, 0, 0}, floats[5] = {1, 1, 0, 0, 0};
    Items items[5];
    if (get_all(objects, items, 5, names, writable, floats) < 0) {
        return NULL;
    }
    PyObject *result = NULL;
    Items *best = &items[0], *options = &items[1], *targets = &items[2];
    Items *starts = &items[3], *sources = &items[4];
    Py_ssize_t best_rows = rows_of(best, channels, width, "best");
    Py_ssize_t option_rows = rows_of(options, channels, width, "options");
    if (best_rows < 0 || option_rows < 0 || !within(targets, best_rows, "targets") ||
        !within(sources, option_rows, "sources")) {
        goto release;
    }
    Py_ssize_t count = targets->length;
    const int64_t *start = starts->view.buf;
    if (!runs(starts, count, sources->length, "starts")) {
        goto release;
    }
    double *into = best->view.buf;
    const double *from = options->view.buf;
    const int64_t *target = targets->view.buf, *source = sources->view.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < count; i++) {
        double *row = into + target[i] * width;
        for (int64_t j = start[i]; j < start[i + 1]; j++) {
            raise_row(row, from + source[j] * width, channels, best_rows * width,
                      option_rows * width, width);
        }
    }
    Py_END_ALLOW_THREADS
    result = Py_NewRef(Py_None);
release:
    release_all(items, 5);
    return result;
}

PyDoc_STRVAR(pick_rows_doc,
             "pick_rows(values, width, choices, bonus, best, pick, known=False)\n--\n\n"
             "For each target (a row of choices: k row numbers of values, with a bonus each) "
             "and each of width states: best the most of a choice's value plus its bonus, "
             "pick the place of that choice among the target's k; a tie goes to the larger "
             "bonus, then to the earlier choice. With known, best already holds that most "
             "and only pick is written.");

static PyObject *pick_rows(PyObject *self, PyObject *args) {
    PyObject *objects[5];
    Py_ssize_t width;
    int known = 0;
    if (!PyArg_ParseTuple(args, "OnOOOO|p", &objects[0], &width, &objects[1], &objects[2],
                          &objects[3], &objects[4], &known)) {
        return NULL;
    }
    static const char *const names[5] = {"values", "choices", "bonus", "best", "pick"};
    static const int writable[5] = {0, 0, 0, 1, 1}, floats[5] = {1, 0, 1, 1, 0};
    Items items[5];
    if (get_all(objects, items, 5, names, writable, floats) < 0) {
        return NULL;
    }
    PyObject *result = NULL;
    Items *values = &items[0], *choices = &items[1], *bonus = &items[2];
    Items *best = &items[3], *pick = &items[4];
    Py_ssize_t rows = rows_of(values, 1, width, "values");
    Py_ssize_t count = rows < 0 ? -1 : rows_of(best, 1, width, "best");
    if (count < 0 || !within(choices, rows, "choices")) {
        goto release;
    }
    if (pick->length != best->length || bonus->length != choices->length ||
        (count == 0 ? choices->length != 0 : choices->length % count != 0) ||
        (count > 0 && choices->length == 0)) {
        PyErr_SetString(PyExc_ValueError,
                        "choices and bonus must hold the same number, at least one, for each "
                        "row of best, and pick as many items as best");
        goto release;
    }
    Py_ssize_t k = count == 0 ? 0 : choices->length / count;
    const double *from = values->view.buf, *extra = bonus->view.buf;
    const int64_t *choice = choices->view.buf;
    double *most = best->view.buf;
    int64_t *place = pick->view.buf;
    double *most_bonus = PyMem_RawMalloc(2 * width * sizeof(double));
    if (most_bonus == NULL) {
        PyErr_NoMemory();
        goto release;
    }
    double *most_rank = most_bonus + width;
    /* Passes of branchless loops over the states, written so that they vectorize: the
     * most (unless known); the largest bonus among the choices reaching it (unless all
     * have one bonus); the earliest of those with that bonus, as the largest k - j. */
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < count; i++) {
        double *row_most = most + i * width;
        int64_t *row_place = place + i * width;
        const int64_t *own = choice + i * k;
        const double *own_bonus = extra + i * k;
        if (!known) {
            const double *first = from + own[0] * width;
            for (Py_ssize_t s = 0; s < width; s++) {
                row_most[s] = first[s] + own_bonus[0];
            }
            for (Py_ssize_t j = 1; j < k; j++) {
                const double *option = from + own[j] * width;
                for (Py_ssize_t s = 0; s < width; s++) {
                    double worth = option[s] + own_bonus[j];
                    row_most[s] = worth > row_most[s] ? worth : row_most[s];
                }
            }
        }
        int alike = 1;
        for (Py_ssize_t j = 1; j < k; j++) {
            alike &= own_bonus[j] == own_bonus[0];
        }
        for (Py_ssize_t s = 0; s < width; s++) {
            most_bonus[s] = alike ? own_bonus[0] : -HUGE_VAL;
            most_rank[s] = 0.0;
        }
        for (Py_ssize_t j = 0; j < k && !alike; j++) {
            const double *option = from + own[j] * width;
            double extra_j = own_bonus[j];
            for (Py_ssize_t s = 0; s < width; s++) {
                double hit = option[s] + extra_j == row_most[s] ? extra_j : -HUGE_VAL;
                most_bonus[s] = hit > most_bonus[s] ? hit : most_bonus[s];
            }
        }
        for (Py_ssize_t j = 0; j < k; j++) {
            const double *option = from + own[j] * width;
            double extra_j = own_bonus[j], rank = (double)(k - j);
            for (Py_ssize_t s = 0; s < width; s++) {
                int reached = (option[s] + extra_j == row_most[s]) & (extra_j == most_bonus[s]);
                double hit = reached ? rank : 0.0;
                most_rank[s] = hit > most_rank[s] ? hit : most_rank[s];
            }
        }
        for (Py_ssize_t s = 0; s < width; s++) {
            row_place[s] = most_rank[s] > 0.0 ? k - (int64_t)most_rank[s] : 0;
        }
    }
    Py_END_ALLOW_THREADS
    PyMem_RawFree(most_bonus);
    result = Py_NewRef(Py_None);
release:
    release_all(items, 5);
    return result;
}

PyDoc_STRVAR(spread_pairs_doc,
             "spread_pairs(out, width, pair_starts, points, chances, end_starts, slots, "
             "gains, end_chances)\n--\n\n"
             "One more turn for (state, points so far) pairs: for each state i, each of its "
             "pairs (points[q], chances[q] for q from pair_starts[i] to pair_starts[i + 1]) "
             "and each of its turn's ends (slots[e], gains[e], end_chances[e] for e from "
             "end_starts[i] to end_starts[i + 1]), add chances[q] * end_chances[e] to "
             "out[slots[e], points[q] + gains[e]] (out: rows of width).");

static PyObject *spread_pairs(PyObject *self, PyObject *args) {
    PyObject *objects[8];
    Py_ssize_t width;
    if (!PyArg_ParseTuple(args, "OnOOOOOOO", &objects[0], &width, &objects[1], &objects[2],
                          &objects[3], &objects[4], &objects[5], &objects[6], &objects[7])) {
        return NULL;
    }
    static const char *const names[8] = {"out",        "pair_starts", "points", "chances",
                                         "end_starts", "slots",       "gains",  "end_chances"};
    static const int writable[8] = {1, 0, 0, 0, 0, 0, 0, 0}, floats[8] = {1, 0, 0, 1, 0, 0, 0, 1};
    Items items[8];
    if (get_all(objects, items, 8, names, writable, floats) < 0) {
        return NULL;
    }
    PyObject *result = NULL;
    Items *out = &items[0], *pair_starts = &items[1], *points = &items[2];
    Items *chances = &items[3], *end_starts = &items[4], *slots = &items[5];
    Items *gains = &items[6], *end_chances = &items[7];
    Py_ssize_t rows = rows_of(out, 1, width, "out");
    Py_ssize_t states = pair_starts->length - 1;
    if (rows < 0 || states < 0) {
        if (states < 0) {
            PyErr_SetString(PyExc_ValueError, "pair_starts must hold at least one item");
        }
        goto release;
    }
    if (chances->length != points->length || gains->length != slots->length ||
        end_chances->length != slots->length) {
        PyErr_SetString(PyExc_ValueError,
                        "points and chances, and slots, gains and end_chances, must be as long");
        goto release;
    }
    if (!runs(pair_starts, states, points->length, "pair_starts") ||
        !runs(end_starts, states, slots->length, "end_starts") ||
        !within(slots, rows, "slots")) {
        goto release;
    }
    const int64_t *point = points->view.buf, *gain = gains->view.buf;
    int64_t most_point = 0, most_gain = 0;
    for (Py_ssize_t q = 0; q < points->length; q++) {
        most_point = point[q] > most_point ? point[q] : most_point;
    }
    for (Py_ssize_t e = 0; e < gains->length; e++) {
        most_gain = gain[e] > most_gain ? gain[e] : most_gain;
    }
    if (!within(points, width, "points") || !within(gains, width, "gains") ||
        most_point + most_gain >= width) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "points plus gains must stay below width");
        }
        goto release;
    }
    double *grid = out->view.buf;
    const double *chance = chances->view.buf, *end_chance = end_chances->view.buf;
    const int64_t *pair_start = pair_starts->view.buf, *end_start = end_starts->view.buf;
    const int64_t *slot = slots->view.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < states; i++) {
        for (int64_t e = end_start[i]; e < end_start[i + 1]; e++) {
            double *row = grid + slot[e] * width + gain[e];
            double times = end_chance[e];
            for (int64_t q = pair_start[i]; q < pair_start[i + 1]; q++) {
                row[point[q]] += chance[q] * times;
            }
        }
    }
    Py_END_ALLOW_THREADS
    result = Py_NewRef(Py_None);
release:
    release_all(items, 8);
    return result;
}

PyDoc_STRVAR(read_rows_doc,
             "read_rows(known, start, steps, means, spreads, lows, least, out)\n--\n\n"
             "Each state's chance of each whole total from lows[i] on: its distribution "
             "function, tabulated in row i of known at start + g / steps standard deviations "
             "from its mean, read linearly between those points at the totals' edges "
             "(lows[i] + j - 0.5, scaled by means[i] and spreads[i]); differenced into the "
             "out row and made to sum to 1. A spread below least is a certain total: all "
             "on the mean's nearest.");

static PyObject *read_rows(PyObject *self, PyObject *args) {
    PyObject *objects[5];
    double start, steps, least;
    if (!PyArg_ParseTuple(args, "OddOOOdO", &objects[0], &start, &steps, &objects[1],
                          &objects[2], &objects[3], &least, &objects[4])) {
        return NULL;
    }
    static const char *const names[5] = {"known", "means", "spreads", "lows", "out"};
    static const int writable[5] = {0, 0, 0, 0, 1}, floats[5] = {1, 1, 1, 0, 1};
    Items items[5];
    if (get_all(objects, items, 5, names, writable, floats) < 0) {
        return NULL;
    }
    PyObject *result = NULL;
    Items *known = &items[0], *means = &items[1], *spreads = &items[2], *lows = &items[3];
    Items *out = &items[4];
    Py_ssize_t states = means->length;
    if (states == 0 || spreads->length != states || lows->length != states ||
        known->length % states != 0 || known->length / states < 2 ||
        out->length % states != 0 || out->length == 0 || !(steps > 0)) {
        PyErr_SetString(PyExc_ValueError,
                        "known and out must hold rows, at least two and one items long, for "
                        "each of the means, spreads and lows, and steps must be positive");
        goto release;
    }
    Py_ssize_t points = known->length / states, width = out->length / states;
    const double *table = known->view.buf, *mean = means->view.buf, *spread = spreads->view.buf;
    const int64_t *low = lows->view.buf;
    double *chances = out->view.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < states; i++) {
        const double *row = table + i * points;
        double *into = chances + i * width;
        int certain = spread[i] < least;
        double scale = certain ? 1.0 : spread[i], before = 0.0, total = 0.0;
        for (Py_ssize_t j = 0; j <= width; j++) {
            double edge = (double)(low[i] + j) - 0.5, below;
            if (certain) {
                below = edge >= mean[i] ? 1.0 : 0.0;
            } else {
                double at = ((edge - mean[i]) / scale - start) * steps;
                at = at < 0.0 ? 0.0 : at;
                at = at > (double)points - 1.000001 ? (double)points - 1.000001 : at;
                Py_ssize_t step = (Py_ssize_t)at;
                below = row[step] + (at - (double)step) * (row[step + 1] - row[step]);
            }
            if (j > 0) {
                into[j - 1] = below - before;
                total += below - before;
            }
            before = below;
        }
        for (Py_ssize_t j = 0; j < width; j++) {
            into[j] /= total;
        }
    }
    Py_END_ALLOW_THREADS
    result = Py_NewRef(Py_None);
release:
    release_all(items, 5);
    return result;
}

static PyMethodDef methods[] = {
    {"mean_rows", mean_rows, METH_VARARGS, mean_rows_doc},
    {"push_rows", push_rows, METH_VARARGS, push_rows_doc},
    {"raise_rows", raise_rows, METH_VARARGS, raise_rows_doc},
    {"pick_rows", pick_rows, METH_VARARGS, pick_rows_doc},
    {"spread_pairs", spread_pairs, METH_VARARGS, spread_pairs_doc},
    {"read_rows", read_rows, METH_VARARGS, read_rows_doc},
    {NULL, NULL, 0, NULL},
};

static PyModuleDef_Slot slots[] = {
#ifdef Py_mod_multiple_interpreters
    {Py_mod_multiple_interpreters, Py_MOD_PER_INTERPRETER_GIL_SUPPORTED},
#endif
    {0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "advisor._kernel",
    "The solver's inner loops over rows of value blocks, compiled.", 0, methods, slots,
};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModuleDef_Init(&module); }
