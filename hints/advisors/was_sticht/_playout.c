/*
 * The compiled play-out of Was sticht? (module stich.hints.advisors.was_sticht._playout).
 *
 * It is `hints/advisors/was_sticht/playout.py`'s `_run`, `_looked` and `_policy` card for card:
 * the same policy over the same card masks, the same random numbers drawn in the same order
 * from the same generator (`Rng`, splitmix64), so that it plays the same cards and counts the
 * same tasks made as the Python play-out, which stays its reference (tests compare them).
 *
 * Cards are the play-out's numbers (by trump power, then rank in the class), below 64.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;

#define MAXC 64 /* cards */
#define MAXP 8  /* players */

/* What a seat plays for (the Python `Plan`'s kinds). */
enum { DUCK, TAKE, NO_COLOUR_PLAN, LAST_PLAN, EXACTLY_PLAN };
/* The tasks a goal judges (the Python `GOAL_KINDS`). */
enum { G_NO_TRICKS, G_NO_COLOUR, G_EXACTLY, G_LAST, G_MOST, G_FEWEST };

typedef struct {
    int ncards, tricks;
    u64 beaters[MAXC];    /* the cards that take the trick from card c heading it */
    u64 follow[MAXC];     /* the cards of card c's follow class */
    u64 trumps;
} Tables;

typedef struct {
    int kind;
    u64 arg;
} Plan;

typedef struct {
    int n;
    u64 hands[MAXP];
    int won[MAXP];
    u64 taken[MAXP];
    int leader, ntrick, done, last;
    int trick[MAXP];
} Deal;

typedef struct {
    int seat, ntargets, stops;
    int owner[MAXP]; /* -1: the seat's own task, else the seat makes it while its owner fails */
    int kind[MAXP];
    u64 arg[MAXP];
} Goal;

typedef struct {
    u64 s;
} Rng;

static inline u64 rng_next(Rng *r) {
    u64 z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline int low(u64 x) { return __builtin_ctzll(x); }
static inline int high(u64 x) { return 63 - __builtin_clzll(x); }
static inline int popc(u64 x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}
static inline u64 bit(int c) { return (u64)1 << c; }

static int no_colour(u64 legal, u64 on_trick, u64 beaters, int last, u64 colour) {
    u64 other = (legal & ~colour) ? (legal & ~colour) : legal;
    if (!on_trick) return low(other);
    u64 losers = legal & ~beaters;
    if (last && !(on_trick & colour)) {
        u64 safe = legal & ~colour & beaters;
        if (safe) return high(safe);
    }
    if (losers) return high((losers & colour) ? (losers & colour) : losers);
    return last ? high(other) : low(other);
}

static int take_or_duck(const Tables *t, u64 legal, u64 on_trick, u64 winners, u64 unseen, int want, int last) {
    if (!(legal & (legal - 1))) return low(legal);
    if (!on_trick) {
        if (!want) return low(legal);
        for (u64 rest = legal; rest; rest &= rest - 1) {
            int c = low(rest);
            if (!(t->beaters[c] & unseen)) return c;
        }
        u64 plain = unseen & ~t->trumps;
        for (u64 rest = legal; rest; rest ^= bit(high(rest))) {
            int c = high(rest);
            if (!(t->trumps >> c & 1) && !(t->beaters[c] & plain)) return c;
        }
        return low(legal);
    }
    u64 mine = legal & winners;
    if (want) {
        if (!mine) return low(legal);
        if (last) return low(mine);
        for (u64 rest = mine; rest; rest &= rest - 1) {
            int c = low(rest);
            if (!(t->beaters[c] & unseen)) return c;
        }
        return high(mine);
    }
    u64 losers = legal & ~mine;
    if (losers) return high(losers);
    return last ? high(legal) : low(legal);
}

static int policy(const Tables *t, Plan plan, u64 legal, u64 on_trick, int best, u64 unseen, int won, int index,
                  int last) {
    u64 winners = best >= 0 ? t->beaters[best] : 0;
    int want;
    if (plan.kind == NO_COLOUR_PLAN) return no_colour(legal, on_trick, winners, last, plan.arg);
    if (plan.kind == LAST_PLAN) {
        if (index < t->tricks - 1) return low(legal);
        want = 1;
    } else if (plan.kind == EXACTLY_PLAN) {
        want = won < (int)plan.arg;
    } else {
        want = plan.kind == TAKE;
    }
    return take_or_duck(t, legal, on_trick, winners, unseen, want, last);
}

static int made(int kind, u64 arg, int seat, int n, const int *won, const u64 *taken, int last) {
    int mine = won[seat];
    switch (kind) {
    case G_NO_TRICKS: return mine == 0;
    case G_NO_COLOUR: return !(taken[seat] & arg);
    case G_EXACTLY: return mine == (int)arg;
    case G_LAST: return last == seat;
    default:
        for (int s = 0; s < n; s++) {
            if (s == seat) continue;
            if (kind == G_MOST ? mine <= won[s] : mine >= won[s]) return 0;
        }
        return 1;
    }
}

static int reached(const Goal *g, int n, const int *won, const u64 *taken, int last) {
    for (int i = 0; i < g->ntargets; i++) {
        if (!made(g->kind[i], g->arg[i], g->seat, n, won, taken, last)) continue;
        if (g->owner[i] < 0 || !made(g->kind[i], g->arg[i], g->owner[i], n, won, taken, last)) return 1;
    }
    return 0;
}

static int lost(const Goal *g, int tricks, const int *won, const u64 *taken, int done) {
    if (!g->stops) return 0;
    int mine = won[g->seat];
    switch (g->kind[0]) {
    case G_NO_TRICKS: return mine > 0;
    case G_NO_COLOUR: return (taken[g->seat] & g->arg[0]) != 0;
    case G_EXACTLY: return mine > (int)g->arg[0] || mine + tricks - done < (int)g->arg[0];
    default: return 0;
    }
}

/* The card heading the trick (-1: none), its place, as the Python `head_of` for a deck without free cards. */
static void head(const Tables *t, const int *trick, int ntrick, int *best, int *best_at) {
    *best = -1;
    *best_at = 0;
    for (int pos = 0; pos < ntrick; pos++) {
        if (*best < 0 || (t->beaters[*best] >> trick[pos] & 1)) {
            *best = trick[pos];
            *best_at = pos;
        }
    }
}

static int looked(const Tables *t, const Deal *d, const Plan *plans, int seat, int card, u64 legal, u64 seed,
                  u64 threshold, const Goal *g);

/* The rest of the round from ``d`` (updated in place); ``first``: the card ``seat`` plays next, or -1;
   ``out``: the cards played, when not NULL (with ``nout`` their count). */
static void run(const Tables *t, Deal *d, const Plan *plans, int seat, Rng *rng, int first, u64 threshold,
                const Goal *g, int look, int *out, int *nout) {
    int n = d->n;
    u64 live = 0;
    for (int s = 0; s < n; s++) live |= d->hands[s];
    while (d->done < t->tricks) {
        int best, best_at;
        head(t, d->trick, d->ntrick, &best, &best_at);
        u64 on_trick = 0;
        for (int i = 0; i < d->ntrick; i++) on_trick |= bit(d->trick[i]);
        u64 follow = d->ntrick ? t->follow[d->trick[0]] : 0;
        for (int pos = d->ntrick; pos < n; pos++) {
            int player = (d->leader + pos) % n;
            u64 hand = d->hands[player];
            u64 legal = (hand & follow) ? (hand & follow) : hand;
            int card;
            if (player == seat && first >= 0) {
                card = first;
                first = -1;
            } else if (player != seat && threshold && (rng_next(rng) >> 11) < threshold) {
                u64 k = rng_next(rng) % (u64)popc(legal);
                u64 rest = legal;
                while (k--) rest &= rest - 1;
                card = low(rest);
            } else {
                card = policy(t, plans[player], legal, on_trick, best, live & ~hand, d->won[player], d->done,
                              pos == n - 1);
                if (look && player == seat && (legal & (legal - 1))) {
                    u64 seed = rng_next(rng) >> 32;
                    card = looked(t, d, plans, seat, card, legal, seed, threshold, g);
                }
            }
            if (out) out[(*nout)++] = card;
            d->hands[player] = hand & ~bit(card);
            live &= ~bit(card);
            if (best < 0 || (t->beaters[best] >> card & 1)) {
                best = card;
                best_at = pos;
            }
            if (!d->ntrick) follow = t->follow[card];
            d->trick[d->ntrick++] = card;
            on_trick |= bit(card);
        }
        int winner = (d->leader + best_at) % n;
        d->won[winner]++;
        d->taken[winner] |= on_trick;
        d->last = winner;
        d->leader = winner;
        d->ntrick = 0;
        d->done++;
        if (g && lost(g, t->tricks, d->won, d->taken, d->done)) break;
    }
}

static int looked(const Tables *t, const Deal *d, const Plan *plans, int seat, int card, u64 legal, u64 seed,
                  u64 threshold, const Goal *g) {
    Deal here;
    Rng rng;
    here = *d;
    rng.s = seed;
    run(t, &here, plans, seat, &rng, card, threshold, g, 0, NULL, NULL);
    if (reached(g, here.n, here.won, here.taken, here.last)) return card;
    for (u64 rest = legal & ~bit(card); rest; rest &= rest - 1) {
        int other = low(rest);
        here = *d;
        rng.s = seed;
        run(t, &here, plans, seat, &rng, other, threshold, g, 0, NULL, NULL);
        if (reached(g, here.n, here.won, here.taken, here.last)) return other;
    }
    return card;
}

/* -- the Python glue --------------------------------------------------------------------------- */

static int read_u64s(PyObject *seq, u64 *out, int most, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd values, at most %d", what, n, most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return (int)n;
}

static int read_ints(PyObject *seq, int *out, int most, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd values, at most %d", what, n, most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return (int)n;
}

/* tables: (tricks, beaters, follow, trumps); deal: (hands, won, taken, leader, trick, done, last);
   plans: ((kind, arg), ...); goal: None or (seat, stops, ((owner, kind, arg), ...)). */
static int read_all(PyObject *tables, PyObject *deal, PyObject *plans, PyObject *goal, Tables *t, Deal *d,
                    Plan *p, Goal *g, int *has_goal) {
    PyObject *beaters, *follow, *hands, *won, *taken, *trick;
    unsigned long long trumps;
    if (!PyArg_ParseTuple(tables, "iOOK", &t->tricks, &beaters, &follow, &trumps)) return -1;
    t->trumps = trumps;
    if ((t->ncards = read_u64s(beaters, t->beaters, MAXC, "beaters")) < 0) return -1;
    if (read_u64s(follow, t->follow, MAXC, "follow") < 0) return -1;
    if (!PyArg_ParseTuple(deal, "OOOiOii", &hands, &won, &taken, &d->leader, &trick, &d->done, &d->last))
        return -1;
    if ((d->n = read_u64s(hands, d->hands, MAXP, "hands")) < 0) return -1;
    if (read_ints(won, d->won, MAXP, "won") < 0) return -1;
    if (read_u64s(taken, d->taken, MAXP, "taken") < 0) return -1;
    if ((d->ntrick = read_ints(trick, d->trick, MAXP, "trick")) < 0) return -1;
    PyObject *fast = PySequence_Fast(plans, "plans");
    if (!fast) return -1;
    Py_ssize_t np = PySequence_Fast_GET_SIZE(fast);
    if (np != d->n) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "plans: one for each seat");
        return -1;
    }
    for (Py_ssize_t i = 0; i < np; i++) {
        unsigned long long arg;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "iK", &p[i].kind, &arg)) {
            Py_DECREF(fast);
            return -1;
        }
        p[i].arg = arg;
    }
    Py_DECREF(fast);
    *has_goal = goal != Py_None;
    if (!*has_goal) return 0;
    PyObject *targets;
    if (!PyArg_ParseTuple(goal, "iiO", &g->seat, &g->stops, &targets)) return -1;
    fast = PySequence_Fast(targets, "goal targets");
    if (!fast) return -1;
    Py_ssize_t nt = PySequence_Fast_GET_SIZE(fast);
    if (nt > MAXP || nt < 1) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "goal targets: 1 to 8");
        return -1;
    }
    g->ntargets = (int)nt;
    for (Py_ssize_t i = 0; i < nt; i++) {
        unsigned long long arg;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "iiK", &g->owner[i], &g->kind[i], &arg)) {
            Py_DECREF(fast);
            return -1;
        }
        g->arg[i] = arg;
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *deal_result(const Deal *d) {
    PyObject *won = PyList_New(d->n), *taken = PyList_New(d->n);
    if (!won || !taken) {
        Py_XDECREF(won);
        Py_XDECREF(taken);
        return NULL;
    }
    for (int s = 0; s < d->n; s++) {
        PyList_SET_ITEM(won, s, PyLong_FromLong(d->won[s]));
        PyList_SET_ITEM(taken, s, PyLong_FromUnsignedLongLong(d->taken[s]));
    }
    PyObject *last = d->last < 0 ? Py_NewRef(Py_None) : PyLong_FromLong(d->last);
    return Py_BuildValue("NNN", won, taken, last);
}

static PyObject *py_play_out(PyObject *self, PyObject *args) {
    PyObject *tables, *deal, *plans, *goal;
    int seat, first, look;
    unsigned long long threshold, state;
    if (!PyArg_ParseTuple(args, "OOOiOiKiK", &tables, &deal, &plans, &seat, &goal, &first, &threshold, &look,
                          &state))
        return NULL;
    Tables t;
    Deal d;
    Plan p[MAXP];
    Goal g;
    int has_goal;
    if (read_all(tables, deal, plans, goal, &t, &d, p, &g, &has_goal) < 0) return NULL;
    Rng rng = {state};
    int out[MAXC], nout = 0;
    run(&t, &d, p, seat, &rng, first, threshold, has_goal ? &g : NULL, look && has_goal, out, &nout);
    PyObject *cards = PyList_New(nout);
    if (!cards) return NULL;
    for (int i = 0; i < nout; i++) PyList_SET_ITEM(cards, i, PyLong_FromLong(out[i]));
    return Py_BuildValue("NNK", deal_result(&d), cards, (unsigned long long)rng.s);
}

static PyObject *py_reached_count(PyObject *self, PyObject *args) {
    PyObject *tables, *deal, *plans, *goal;
    int seat, first, look, count;
    unsigned long long threshold, state;
    if (!PyArg_ParseTuple(args, "OOOiOiKiKi", &tables, &deal, &plans, &seat, &goal, &first, &threshold, &look,
                          &state, &count))
        return NULL;
    if (goal == Py_None) {
        PyErr_SetString(PyExc_ValueError, "reached_count needs a goal");
        return NULL;
    }
    Tables t;
    Deal start;
    Plan p[MAXP];
    Goal g;
    int has_goal;
    if (read_all(tables, deal, plans, goal, &t, &start, p, &g, &has_goal) < 0) return NULL;
    Rng rng = {state};
    int hits = 0;
    for (int i = 0; i < count; i++) {
        Deal d = start;
        run(&t, &d, p, seat, &rng, first, threshold, &g, look, NULL, NULL);
        hits += reached(&g, d.n, d.won, d.taken, d.last);
    }
    return Py_BuildValue("iK", hits, (unsigned long long)rng.s);
}

static PyMethodDef methods[] = {
    {"play_out", py_play_out, METH_VARARGS,
     "play_out(tables, deal, plans, seat, goal, first, threshold, look, state) -> "
     "((won, taken, last), cards, state)"},
    {"reached_count", py_reached_count, METH_VARARGS,
     "reached_count(tables, deal, plans, seat, goal, first, threshold, look, state, count) -> (hits, state)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "stich.hints.advisors.was_sticht._playout",
    .m_doc = "The compiled play-out of Was sticht? (hints/advisors/was_sticht/playout.py's reference).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__playout(void) { return PyModule_Create(&module); }
