/*
 * The compiled kernel of the double-dummy search (module solvers._dd).
 *
 * It is the hot path of solvers/search.py -- `boundary` and `inner` with the
 * transposition table, quick tricks, sure trumps and move ordering -- for every
 * game and objective: one ranking or rankings that change in play (24's states
 * and declarations), the side's tricks, exactly k tricks, the Was sticht? tasks
 * and round points. It takes the tables the Python solver builds (beaters, follow
 * classes, equivalence spans, quick-trick classes, key groups; per state) and an
 * objective's description, and follows the Python code step for step: the same
 * answers, the same move order, the same node counts, so the pure-Python search
 * stays its reference (tests compare them).
 *
 * Cards are bit indexes below 63, card sets uint64 masks.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

typedef uint64_t u64;
typedef int64_t i64;

/* With GCC on x86-64 the search is compiled for CPUs with a population-count instruction
   (every x86-64 CPU since 2008-2011; with -O3 the search takes about a tenth less time:
   bench/kernel_build.py); the module refuses to load elsewhere, and the solver then runs
   its Python search. The Python glue at the end is compiled for any CPU, so that the check
   itself runs everywhere. -DSTICH_NO_POPCNT builds without it. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(STICH_NO_POPCNT)
#define WITH_POPCNT 1
#pragma GCC push_options
#pragma GCC target("popcnt")
#endif

#define MAXC 63  /* cards in a deck */
#define MAXP 8   /* players */
#define MAXG 8   /* collapsed key groups */
#define MAXQ 16  /* quick-trick classes */
#define MAXS 16  /* rule states (24: trump suit x rank order) */
#define MAXD 8   /* ways to play one card (24: plain, reverse, Trump Chaos's trumps) */
#define MAXKEY (2 + (MAXP + 2) + 2 * MAXG * MAXP + 8 * MAXP)

/* A population count: the CPU's instruction (WITH_POPCNT), else one that needs no CPU
   extension (a libgcc call is slower than this). */
static inline int popc(u64 x) {
#ifdef WITH_POPCNT
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}
static inline int bitlen(u64 x) { return x ? 64 - __builtin_clzll(x) : 0; }
static inline int ctz(u64 x) { return __builtin_ctzll(x); }
static inline u64 bit(int c) { return (u64)1 << c; }
static inline u64 lowbit(u64 x) { return x & (~x + 1); }

static uint8_t PEXT7[128 * 128];
static uint8_t POP7[128];

static inline unsigned pext14(u64 x, u64 m) {
    return PEXT7[(m & 127) << 7 | (x & 127)] | (unsigned)PEXT7[(m >> 7 & 127) << 7 | (x >> 7 & 127)] << POP7[m & 127];
}

/* ---------------------------------------------------------------- objectives */

/* The objective's progress (what the finished tricks have settled), as solvers/objectives.py
   keeps it: exact k: won[0]; a task: won per seat, flags, last; points: won per side seat. */
typedef struct {
    uint8_t won[MAXP];
    uint8_t flags;
    int8_t last;
} Prog;

enum { OBJ_TRICKS, OBJ_EXACT, OBJ_TASK, OBJ_POINTS };
enum { TASK_NO_TRICKS, TASK_COLOUR, TASK_EXACTLY, TASK_LAST, TASK_MOST, TASK_FEWEST };

typedef struct {
    int kind;
    int additive, monotone;
    int plen; /* progress bytes in a table key */
    /* exact k */
    int k;
    unsigned side; /* seats of the side, a bit each */
    /* task */
    int task, seat, owner, cap, players;
    unsigned watched, counted;
    u64 colour_mask;
    /* points */
    int nside, most, nstates;
    int side_seats[MAXP];
    int *points; /* [side index][tricks 0..most][state] */
    int *points_bounds; /* [side index][won 0..most][left 0..most][lo, hi]: the seat's extremes
                           over won..won+left tricks and every state (RoundPoints.bounds) */
    int range_lo, range_hi;
} Objective;

static void prog_bytes(const Objective *o, const Prog *p, uint8_t *out) {
    switch (o->kind) {
    case OBJ_EXACT:
        out[0] = p->won[0];
        break;
    case OBJ_TASK:
        memcpy(out, p->won, o->players);
        out[o->players] = p->flags;
        out[o->players + 1] = (uint8_t)p->last;
        break;
    case OBJ_POINTS:
        memcpy(out, p->won, o->nside);
        break;
    default:
        break;
    }
}

static void after_trick(const Objective *o, const Prog *p, int winner, u64 cards, Prog *out) {
    *out = *p;
    switch (o->kind) {
    case OBJ_EXACT:
        if (o->side >> winner & 1) out->won[0] = (uint8_t)(p->won[0] + 1 < o->k + 1 ? p->won[0] + 1 : o->k + 1);
        break;
    case OBJ_TASK:
        if (o->counted >> winner & 1) {
            int w = p->won[winner] + 1;
            out->won[winner] = (uint8_t)(w < o->cap ? w : o->cap);
        }
        if ((cards & o->colour_mask) && (o->watched >> winner & 1)) out->flags |= (uint8_t)(1u << winner);
        out->last = (int8_t)((o->task == TASK_LAST && (o->watched >> winner & 1)) ? winner : -1);
        break;
    case OBJ_POINTS:
        for (int i = 0; i < o->nside; i++)
            if (o->side_seats[i] == winner) out->won[i]++;
        break;
    default:
        break;
    }
}

/* A Was sticht? task of `seat`: 1 made, 0 failed (both settled), -1 open. */
static int task_status(const Objective *o, int seat, const Prog *p, int left) {
    int mine = p->won[seat];
    switch (o->task) {
    case TASK_NO_TRICKS:
        return mine ? 0 : (left == 0 ? 1 : -1);
    case TASK_COLOUR:
        return (p->flags >> seat & 1) ? 0 : (left == 0 ? 1 : -1);
    case TASK_EXACTLY: {
        int k = o->cap - 1;
        if (mine > k || mine + left < k) return 0;
        return left == 0 ? 1 : -1;
    }
    case TASK_LAST:
        return left == 0 ? p->last == seat : -1;
    case TASK_MOST: {
        int best = -1;
        for (int s = 0; s < o->players; s++)
            if (s != seat && p->won[s] > best) best = p->won[s];
        if (mine > best + left) return 1;
        if (mine + left <= best) return 0;
        return left ? -1 : mine > best;
    }
    default: { /* TASK_FEWEST */
        int under = 1;
        for (int s = 0; s < o->players; s++) {
            if (s == seat) continue;
            if (mine >= p->won[s] + left) return 0;
            if (!(mine < p->won[s])) under = 0;
        }
        return left ? -1 : under;
    }
    }
}

static void obj_bounds(const Objective *o, const Prog *p, int left, int *lo, int *hi) {
    switch (o->kind) {
    case OBJ_EXACT: {
        int won = p->won[0];
        if (won > o->k || won + left < o->k)
            *lo = *hi = 0;
        else if (left == 0)
            *lo = *hi = 1;
        else {
            *lo = 0;
            *hi = 1;
        }
        return;
    }
    case OBJ_TASK: {
        int made = task_status(o, o->seat, p, left);
        if (made == 0) {
            *lo = *hi = 0;
            return;
        }
        if (o->owner < 0) {
            *lo = made < 0 ? 0 : 1;
            *hi = 1;
            return;
        }
        int owner = task_status(o, o->owner, p, left);
        if (owner == 1)
            *lo = *hi = 0;
        else if (made == 1 && owner == 0)
            *lo = *hi = 1;
        else {
            *lo = 0;
            *hi = 1;
        }
        return;
    }
    case OBJ_POINTS: {
        int m = o->most + 1;
        *lo = *hi = 0;
        for (int i = 0; i < o->nside; i++) {
            int won = p->won[i];
            int more = left < o->most - won ? left : o->most - won;
            const int *b = o->points_bounds + ((i * m + won) * m + more) * 2;
            *lo += b[0];
            *hi += b[1];
        }
        return;
    }
    default:
        *lo = 0;
        *hi = left;
    }
}

static int obj_final(const Objective *o, const Prog *p, int state) {
    if (o->kind == OBJ_POINTS) {
        int total = 0;
        for (int i = 0; i < o->nside; i++) total -= o->points[(i * (o->most + 1) + p->won[i]) * o->nstates + state];
        return total;
    }
    int lo, hi;
    obj_bounds(o, p, 0, &lo, &hi);
    return lo;
}

/* ---------------------------------------------------------------- the table */

/* One table per number of tricks left. Under a key (partition search: the shape -- leader,
   lengths, uncollapsed cards, progress; otherwise the whole collapsed position) hang the
   distinct relevant top segments ("tops") stored under it, in the order first seen; an entry
   is (tops node, holdings in that segment) -> lower and upper bound, found by hash. At most
   one entry per tops node fits a position, so a lookup costs one probe per tops node. Exact
   keys have one tops node (no holdings) and one entry. */
typedef struct {
    uint16_t tops[MAXG];
    u64 bloom; /* one bit per stored holdings (of the hash's top bits): most misses end here */
    int32_t id;
    /* the highest lower bound and the lowest upper bound of its entries: a question between
       them (lo < target <= hi) no entry of the node can answer, and the node is passed over */
    int16_t lo, hi;
} TopsNode;

/* A slot of a level's open-addressed entry table: all a probe reads, and the bounds (16 bytes). */
typedef struct {
    uint32_t tag; /* the hash's high half (its low bits pick the first slot) */
    int32_t tops, hd; /* hd: the entry's holdings in hdata; -1: an empty slot */
    int16_t lo, hi;
} Entry;

typedef struct {
    /* keys: klen bytes each, chained from kbuckets */
    uint8_t *keys;
    u64 *khash;
    int32_t *knext;
    TopsNode **kvec; /* the tops nodes of each key, the fewest relevant cards first */
    int32_t *kcount, *kcap;
    int32_t nkeys, capkeys;
    int32_t *kbuckets;
    uint32_t nkbuckets;
    int32_t ntops;
    /* entries: holdings (ngroups * seats uint16) of one tops node in hdata, found through the
       slots of ents (linear probing, at most three quarters full) */
    uint16_t *hdata;
    Entry *ents;
    int32_t nentries, capentries;
    uint32_t nslots;
} Level;

typedef struct {
    u64 kmask;
    int mode;
    int norder;
    int8_t order[MAXC];
    u64 outside;
} QInfo;

/* The trick tables of one rule state. */
typedef struct {
    u64 beaters[MAXC];
    i64 lead_follow[MAXC];
    i64 late_follow[MAXC]; /* the same after leading jesters */
    u64 free_mask, wizards;
    int power[MAXC];
    u64 stronger[MAXC];
    u64 class_of[MAXC];
    u64 trump_mask;
    QInfo quick[MAXQ];
    int nquick;
    i64 strength[MAXC];
    int structured, must_follow, ascending;
    int plain; /* one ranking, following compulsory, classes ranked by card index (tables.plain) */
    int pair_plain; /* plain, two partnerships, the side's tricks, no declarations (pair_rules) */
    int ntrumps;
    int8_t trumps_desc[MAXC];
    u64 trumps; /* every card with trump power (wizards too) */
    i64 tp[MAXC];
    /* nobody need follow and the strongest card wins (tables.ranked): every card strongest first,
       and each card's place in the ascending order */
    int ranked;
    int nstrength;
    int8_t strength_desc[MAXC];
    int8_t strength_rank[MAXC];
    /* the cards of each strength, strongest first (tables.levels): a ranked state's key */
    int nlevels;
    u64 levels[MAXC];
} State;

typedef struct {
    PyObject_HEAD
    int size, players, m;
    int seats[MAXP];
    int nxt[MAXP];
    int sideof[MAXP];
    int others[MAXP][MAXP];
    int nothers[MAXP];
    int partners[MAXP][MAXP]; /* the other seats of each seat's side */
    int npartners[MAXP];
    State *states[MAXS]; /* NULL for states the round cannot reach */
    int nstates;
    int single_state, partition, equal_sizes;
    int ranked; /* the one state is ranked (tables.ranked): the key renumbers the cards in play */
    int pairs; /* two partnerships of two seated alternately: DDS's later-tricks count holds */
    int lone_after[MAXP]; /* by leader: the seat alone on its side that plays last to its trick, or -1 */
    u64 declaring;
    /* the pending states a declaring card may leave, by (pending state, card); 0: the plain play */
    int8_t ndecl[MAXS][MAXC];
    int8_t decl[MAXS][MAXC][MAXD];
    i64 *span; /* size * size, -1: never equivalent */
    int ngroups;
    int gshift[MAXG];
    u64 gmask[MAXG];
    u64 gall; /* every group's cards */
    int gdisjoint; /* no card in two groups */
    u64 absolute;
    u64 group_of[MAXC];
    int group_index[MAXC]; /* each card's collapsed group, -1 if none */
    Objective obj;
    /* the table */
    int klen;
    int nlevels;
    Level *levels;
    i64 tt_limit, entries;
    i64 evictions; /* the times the table was cut back (a key index found before may be gone) */
    i64 nodes;
    int oom;
    /* a time limit (CLOCK_MONOTONIC seconds, 0: none), looked at every 1,024 nodes; once passed,
       the search unwinds storing nothing more and the call raises TimeoutError */
    double deadline;
    int timed_out;
    /* a limit on the nodes counted (0: none): past it the search unwinds as past the deadline */
    i64 node_limit;
    /* by tricks left: the lead that last ended a node (tried first at the next lead there) */
    int killer[MAXC + 1];
} Kernel;

static void level_clear(Level *lv) {
    free(lv->keys);
    free(lv->khash);
    free(lv->knext);
    for (int32_t i = 0; i < lv->nkeys; i++) free(lv->kvec[i]);
    free(lv->kvec);
    free(lv->kcount);
    free(lv->kcap);
    free(lv->kbuckets);
    free(lv->hdata);
    free(lv->ents);
    memset(lv, 0, sizeof(*lv));
}

/* A key's hash, a word at a time. */
static u64 hash_bytes(const uint8_t *p, size_t n, u64 h) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        u64 w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 32;
    }
    if (i < n) {
        u64 w = 0;
        memcpy(&w, p + i, n - i);
        h = (h ^ w) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 32;
    }
    return h ^ (h >> 29);
}

#define HASH_SEED 1469598103934665603ULL

/* Grow an array of n items of size sz to cap items (at least 1 byte). */
static int grow(void **p, size_t sz, int32_t cap) {
    size_t bytes = sz * (size_t)cap;
    void *q = realloc(*p, bytes ? bytes : 1);
    if (!q) return -1;
    *p = q;
    return 0;
}

static int rehash(int32_t **buckets, uint32_t *nbuckets, const u64 *hashes, int32_t *next, int32_t n) {
    uint32_t nb = *nbuckets ? *nbuckets * 2 : 1024;
    int32_t *b = malloc(sizeof(int32_t) * nb);
    if (!b) return -1;
    for (uint32_t i = 0; i < nb; i++) b[i] = -1;
    for (int32_t i = 0; i < n; i++) {
        uint32_t h = (uint32_t)hashes[i] & (nb - 1);
        next[i] = b[h];
        b[h] = i;
    }
    free(*buckets);
    *buckets = b;
    *nbuckets = nb;
    return 0;
}

static inline u64 holds_hash(const Kernel *k, int32_t t, const uint16_t *holds);

/* Twice the slots (the hashes found again from the stored holdings). */
static int rehash_entries(const Kernel *k, Level *lv) {
    size_t hw = (size_t)k->ngroups * k->m;
    uint32_t nb = lv->nslots ? lv->nslots * 2 : 1024;
    Entry *b = malloc(sizeof(Entry) * nb);
    if (!b) return -1;
    for (uint32_t i = 0; i < nb; i++) b[i].hd = -1;
    for (uint32_t i = 0; i < lv->nslots; i++) {
        if (lv->ents[i].hd < 0) continue;
        const Entry *en = &lv->ents[i];
        uint32_t j = (uint32_t)holds_hash(k, en->tops, lv->hdata + (size_t)en->hd * hw) & (nb - 1);
        while (b[j].hd >= 0) j = (j + 1) & (nb - 1);
        b[j] = lv->ents[i];
    }
    free(lv->ents);
    lv->ents = b;
    lv->nslots = nb;
    return 0;
}

/* Equal bytes, compared a word at a time: keys and holdings are short, and a call to memcmp
   cost a tenth of the search's time. */
static inline int same_bytes(const void *a, const void *b, size_t n) {
    const uint8_t *p = a, *q = b;
    for (; n >= 8; n -= 8, p += 8, q += 8) {
        u64 x, y;
        memcpy(&x, p, 8);
        memcpy(&y, q, 8);
        if (x != y) return 0;
    }
    for (; n; n--)
        if (*p++ != *q++) return 0;
    return 1;
}

/* The index of the key in the level, or -1. */
static int32_t level_find(const Kernel *k, const Level *lv, const uint8_t *key, u64 h) {
    if (!lv->nkbuckets) return -1;
    for (int32_t i = lv->kbuckets[(uint32_t)h & (lv->nkbuckets - 1)]; i >= 0; i = lv->knext[i]) {
        if (lv->khash[i] == h && same_bytes(lv->keys + (size_t)i * k->klen, key, k->klen)) return i;
    }
    return -1;
}

static int32_t level_add_key(const Kernel *k, Level *lv, const uint8_t *key, u64 h) {
    if (lv->nkeys == lv->capkeys) {
        int32_t cap = lv->capkeys ? lv->capkeys * 2 : 256;
        if (grow((void **)&lv->keys, k->klen, cap) || grow((void **)&lv->khash, sizeof(u64), cap) ||
            grow((void **)&lv->knext, sizeof(int32_t), cap) || grow((void **)&lv->kvec, sizeof(TopsNode *), cap) ||
            grow((void **)&lv->kcount, sizeof(int32_t), cap) || grow((void **)&lv->kcap, sizeof(int32_t), cap))
            return -1;
        lv->capkeys = cap;
    }
    if ((uint32_t)lv->nkeys + 1 > lv->nkbuckets / 4 * 3 &&
        rehash(&lv->kbuckets, &lv->nkbuckets, lv->khash, lv->knext, lv->nkeys) < 0)
        return -1;
    int32_t i = lv->nkeys++;
    memcpy(lv->keys + (size_t)i * k->klen, key, k->klen);
    lv->khash[i] = h;
    lv->kvec[i] = NULL;
    lv->kcount[i] = lv->kcap[i] = 0;
    uint32_t b = (uint32_t)h & (lv->nkbuckets - 1);
    lv->knext[i] = lv->kbuckets[b];
    lv->kbuckets[b] = i;
    return i;
}

/* The tops node of the key equal to tops, or a new one appended to the key's list (NULL: no memory). */
static TopsNode *level_tops(const Kernel *k, Level *lv, int32_t ki, const uint16_t *tops) {
    size_t tb = sizeof(uint16_t) * k->ngroups;
    TopsNode *vec = lv->kvec[ki];
    for (int32_t i = 0; i < lv->kcount[ki]; i++)
        if (memcmp(vec[i].tops, tops, tb) == 0) return &vec[i];
    if (lv->kcount[ki] == lv->kcap[ki]) {
        int32_t cap = lv->kcap[ki] ? lv->kcap[ki] * 2 : 4;
        if (grow((void **)&lv->kvec[ki], sizeof(TopsNode), cap)) return NULL;
        lv->kcap[ki] = cap;
    }
    /* Fewest relevant cards first: the most general segments are asked first. */
    int w = 0;
    for (int g = 0; g < k->ngroups; g++) w += popc(tops[g]);
    vec = lv->kvec[ki];
    int32_t at = lv->kcount[ki];
    while (at > 0) {
        int wp = 0;
        for (int g = 0; g < k->ngroups; g++) wp += popc(vec[at - 1].tops[g]);
        if (wp <= w) break;
        at--;
    }
    memmove(&vec[at + 1], &vec[at], sizeof(TopsNode) * (size_t)(lv->kcount[ki] - at));
    lv->kcount[ki]++;
    TopsNode *tn = &vec[at];
    memset(tn, 0, sizeof(*tn));
    memcpy(tn->tops, tops, tb);
    tn->lo = INT16_MIN;
    tn->hi = INT16_MAX;
    tn->id = lv->ntops++;
    return tn;
}

static inline u64 holds_hash(const Kernel *k, int32_t t, const uint16_t *holds) {
    /* eight bytes at a time: the holdings array has room for a whole last word */
    size_t n = (size_t)k->ngroups * k->m;
    u64 h = HASH_SEED ^ (u64)t * 0x9E3779B97F4A7C15ULL;
    for (size_t i = 0; i < n; i += 4) {
        u64 w = 0;
        memcpy(&w, holds + i, sizeof(uint16_t) * (n - i < 4 ? n - i : 4));
        h = (h ^ w) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 32;
    }
    return h;
}

/* The entry of tops node t with these holdings, or -1. */
static int32_t level_entry(const Kernel *k, const Level *lv, int32_t t, const uint16_t *holds, u64 h) {
    if (!lv->nslots) return -1;
    size_t hw = (size_t)k->ngroups * k->m;
    uint32_t mask = lv->nslots - 1;
    for (uint32_t i = (uint32_t)h & mask;; i = (i + 1) & mask) {
        const Entry *en = &lv->ents[i];
        if (en->hd < 0) return -1;
        if (en->tag == (uint32_t)(h >> 32) && en->tops == t &&
            same_bytes(lv->hdata + (size_t)en->hd * hw, holds, sizeof(uint16_t) * hw))
            return (int32_t)i;
    }
}

/* A new entry (not yet in the level) for tops node t with these holdings: its slot, or -1. */
static int32_t level_add_entry(const Kernel *k, Level *lv, int32_t t, const uint16_t *holds, u64 h) {
    size_t hw = (size_t)k->ngroups * k->m;
    if (lv->nentries == lv->capentries) {
        int32_t cap = lv->capentries ? lv->capentries * 2 : 256;
        if (grow((void **)&lv->hdata, sizeof(uint16_t) * (hw ? hw : 1), cap)) return -1;
        lv->capentries = cap;
    }
    if ((uint32_t)lv->nentries + 1 > lv->nslots / 4 * 3 && rehash_entries(k, lv) < 0) return -1;
    int32_t e = lv->nentries++;
    if (hw) memcpy(lv->hdata + e * hw, holds, sizeof(uint16_t) * hw);
    uint32_t mask = lv->nslots - 1, i = (uint32_t)h & mask;
    while (lv->ents[i].hd >= 0) i = (i + 1) & mask;
    lv->ents[i].tag = (uint32_t)(h >> 32);
    lv->ents[i].tops = t;
    lv->ents[i].hd = e;
    return (int32_t)i;
}

/* ---------------------------------------------------------------- keys */

typedef struct {
    uint8_t key[MAXKEY];
    u64 hash;
    uint16_t rels[MAXG * MAXP];
    /* the key's index in its level as the look-up found it (-1: not there), kept for the stores
       of the same node while no eviction (k->evictions) has cleared a level since */
    int32_t ki;
    i64 epoch;
} Shape;

#ifdef WITH_POPCNT
/* Set at import: the CPU has BMI2's pext and runs it in hardware (Intel since 2013, AMD since
   Zen 3 (family 19h); Zen 1 and 2 and the AMD CPUs before them run it in microcode, slower than
   the tables, and later families are left to the tables until the compiler knows them). */
static int use_pext;

/* Partition search's lengths and relative holdings of make_key, by the pext instruction
   (the same bytes as pext14's tables). The groups are disjoint: one pext a hand compresses it
   by every group's cards in play at once, and each group's relative holdings are a bit field
   of that word (its offset: the cards in play of the groups below it). */
__attribute__((target("popcnt,bmi2"), always_inline)) static inline void
key_holdings_fields(const Kernel *k, const u64 *hands, u64 present, uint8_t *p, uint16_t *rels, int G, int S) {
    u64 pall = present & k->gall, gms[MAXG], width[MAXG];
    int off[MAXG];
    for (int g = 0; g < G; g++) {
        int shift = k->gshift[g];
        gms[g] = k->gmask[g] << shift;
        off[g] = __builtin_popcountll(pall & (bit(shift) - 1));
        width[g] = bit(__builtin_popcountll(pall & gms[g])) - 1;
    }
    uint8_t lens[MAXG * MAXP];
    for (int i = 0; i < S; i++) {
        u64 h = hands[k->seats[i]], x = _pext_u64(h, pall);
        for (int g = 0; g < G; g++) {
            lens[g * S + i] = (uint8_t)__builtin_popcountll(h & gms[g]);
            rels[g * S + i] = (uint16_t)(x >> off[g] & width[g]);
        }
    }
    memcpy(p, lens, (size_t)(G * S));
}

__attribute__((target("popcnt,bmi2"), noinline)) static void key_holdings_pext(const Kernel *k, const u64 *hands,
                                                                               u64 present, uint8_t *p,
                                                                               uint16_t *rels) {
    if (k->ngroups == 4 && k->m == 4)
        key_holdings_fields(k, hands, present, p, rels, 4, 4); /* bridge's sizes, unrolled */
    else
        key_holdings_fields(k, hands, present, p, rels, k->ngroups, k->m);
}

/* entry_rel by the pdep instruction: the lowest card in play of a group above the `below`
   lowest is the (below+1)-th of the group's cards in play. */
__attribute__((target("popcnt,bmi2"), noinline)) static u64 entry_rel_pdep(const Kernel *k, const uint16_t *tops,
                                                                           u64 present) {
    u64 rel = 0;
    for (int g = 0; g < k->ngroups; g++) {
        unsigned top = tops[g];
        if (!top) continue;
        rel |= _pdep_u64(bit(__builtin_ctz(top)), present & k->gmask[g] << k->gshift[g]);
    }
    return rel;
}
#endif

/* Partition search's key: the leader, the progress, the lengths of every hand in every group,
   the uncollapsed cards of every hand; and the relative holdings. Without partition search
   the exact key: the leader, the live state, the progress, every hand's relative holdings in
   every group and its uncollapsed cards. */
static void make_key(const Kernel *k, const u64 *hands, int leader, int live, const Prog *prog, u64 present,
                     Shape *sh) {
    uint8_t *p = sh->key;
    *p++ = (uint8_t)leader;
    if (!k->partition) *p++ = (uint8_t)live;
    if (!k->obj.additive) {
        prog_bytes(&k->obj, prog, p);
        p += k->obj.plen;
    }
    int r = 0;
#ifdef WITH_POPCNT
    if (k->partition && use_pext && k->gdisjoint) {
        key_holdings_pext(k, hands, present, p, sh->rels);
        p += k->ngroups * k->m;
    } else
#endif
        for (int g = 0; g < k->ngroups; g++) {
            u64 pg = present >> k->gshift[g] & k->gmask[g];
            for (int i = 0; i < k->m; i++) {
                u64 x = hands[k->seats[i]] >> k->gshift[g] & k->gmask[g];
                unsigned rel = pext14(x, pg);
                if (k->partition) {
                    *p++ = (uint8_t)popc(x);
                    sh->rels[r++] = (uint16_t)rel;
                } else {
                    *p++ = (uint8_t)rel;
                    *p++ = (uint8_t)(rel >> 8);
                }
            }
        }
    const State *st = k->states[live];
    if (k->ranked) {
        /* a ranked state: every hand's cards renumbered by their order among the cards in play
           (strongest first, equal cards hand by hand) and where each strength starts (search.py's
           ranked_holdings alike) */
        u64 out[MAXP] = {0}, starts = 0;
        int j = 0;
        for (int l = 0; l < st->nlevels; l++) {
            u64 level = st->levels[l];
            if (!(level & present)) continue;
            starts |= bit(j);
            for (int i = 0; i < k->m; i++) {
                int n = popc(hands[k->seats[i]] & level);
                if (n) {
                    out[i] |= ((bit(n) - 1) << j);
                    j += n;
                }
            }
        }
        for (int i = 0; i < k->m; i++) {
            memcpy(p, &out[i], 8);
            p += 8;
        }
        memcpy(p, &starts, 8);
        p += 8;
    } else if (k->absolute) {
        for (int i = 0; i < k->m; i++) {
            u64 x = hands[k->seats[i]] & k->absolute;
            memcpy(p, &x, 8);
            p += 8;
        }
    }
    sh->hash = hash_bytes(sh->key, k->klen, HASH_SEED);
    sh->epoch = -1;
}

/* The index of sh's key in the level (-1: not there), from the look-up if it still holds. */
static inline int32_t shape_key(const Kernel *k, const Level *lv, const Shape *sh) {
    return sh->epoch == k->evictions ? sh->ki : level_find(k, lv, sh->key, sh->hash);
}

/* The lowest relevant card of each group, in the current position, for a table hit. */
static u64 entry_rel(const Kernel *k, const uint16_t *tops, u64 present) {
#ifdef WITH_POPCNT
    if (use_pext) return entry_rel_pdep(k, tops, present);
#endif
    u64 rel = 0;
    for (int g = 0; g < k->ngroups; g++) {
        unsigned top = tops[g];
        if (!top) continue;
        int below = ctz(top);
        u64 p = present >> k->gshift[g] & k->gmask[g];
        for (int i = 0; i < below; i++) p &= p - 1;
        rel |= lowbit(p) << k->gshift[g];
    }
    return rel;
}

static void evict(Kernel *k) {
    /* Shallow first: entries with few tricks left are the cheapest to find again. */
    i64 total = k->entries;
    k->evictions++;
    for (int left = 0; left < k->nlevels; left++) {
        if (total <= k->tt_limit / 2) break;
        total -= k->levels[left].nentries;
        level_clear(&k->levels[left]);
    }
    k->entries = total;
}

static void store(Kernel *k, int left, const Shape *sh, u64 rel, u64 present, int lo, int hi) {
    uint16_t tops[MAXG], holds[MAXG * MAXP];
    int G = k->ngroups, S = k->m;
    if (!k->partition) {
        /* An exact key has one entry; it takes the new bounds (a new key is counted, and room
           made for it, before it goes in). */
        memset(tops, 0, sizeof(tops));
        memset(holds, 0, sizeof(holds));
        Level *lv = &k->levels[left];
        int32_t ki = shape_key(k, lv, sh);
        if (ki < 0) {
            k->entries++;
            if (k->entries > k->tt_limit) evict(k);
            ki = level_add_key(k, lv, sh->key, sh->hash);
        }
        TopsNode *tn = ki < 0 ? NULL : level_tops(k, lv, ki, tops);
        if (!tn) {
            k->oom = 1;
            return;
        }
        u64 h = holds_hash(k, tn->id, holds);
        int32_t e = level_entry(k, lv, tn->id, holds, h);
        if (e < 0 && (e = level_add_entry(k, lv, tn->id, holds, h)) < 0) {
            k->oom = 1;
            return;
        }
        lv->ents[e].lo = (int16_t)lo;
        lv->ents[e].hi = (int16_t)hi;
        return;
    }
    for (int g = 0; g < G; g++) {
        u64 p = present >> k->gshift[g] & k->gmask[g];
        u64 r = rel >> k->gshift[g] & k->gmask[g] & p;
        tops[g] = 0;
        if (r) {
            u64 low = lowbit(r);
            int below = popc(p & (low - 1));
            tops[g] = (uint16_t)((((u64)1 << popc(p)) - 1) & ~(((u64)1 << below) - 1));
        }
        for (int s = 0; s < S; s++) holds[g * S + s] = sh->rels[g * S + s] & tops[g];
    }
    Level *lv = &k->levels[left];
    int32_t ki = shape_key(k, lv, sh);
    if (ki < 0) ki = level_add_key(k, lv, sh->key, sh->hash);
    TopsNode *tn = ki < 0 ? NULL : level_tops(k, lv, ki, tops);
    if (!tn) {
        k->oom = 1;
        return;
    }
    int32_t t = tn->id;
    u64 h = holds_hash(k, t, holds);
    int32_t e = level_entry(k, lv, t, holds, h);
    if (lo > tn->lo) tn->lo = (int16_t)lo;
    if (hi < tn->hi) tn->hi = (int16_t)hi;
    if (e >= 0) {
        if (lo > lv->ents[e].lo) lv->ents[e].lo = (int16_t)lo;
        if (hi < lv->ents[e].hi) lv->ents[e].hi = (int16_t)hi;
        return;
    }
    e = level_add_entry(k, lv, t, holds, h);
    if (e < 0) {
        k->oom = 1;
        return;
    }
    tn->bloom |= (u64)1 << (h >> 58);
    lv->ents[e].lo = (int16_t)lo;
    lv->ents[e].hi = (int16_t)hi;
    k->entries++;
    if (k->entries > k->tt_limit) evict(k);
}

/* What the entry of tops node id with these holdings (hashed h) says of target: 1 yes, 0 no, -1
   nothing (no such entry, or its bounds leave target open); where it decides, the position's
   relevant cards go to *relout. */
static inline int entry_decides(const Kernel *k, const Level *lv, int32_t id, const uint16_t *holds, u64 h,
                                int target, const uint16_t *tops, u64 present, u64 *relout) {
    int32_t e = level_entry(k, lv, id, holds, h);
    if (e < 0) return -1;
    if (lv->ents[e].lo < target && target <= lv->ents[e].hi) return -1;
    *relout = entry_rel(k, tops, present);
    return lv->ents[e].lo >= target;
}

/* lookup's scan of a key's tops nodes with four seats and four groups (bridge's sizes): one word
   of holdings per group, the words held in registers, the same masks and hashes. */
static int lookup_bridge(const Kernel *k, const Level *lv, const TopsNode *vec, int32_t count, const u64 *rw,
                         int target, u64 present, u64 *relout) {
    const u64 r0 = rw[0], r1 = rw[1], r2 = rw[2], r3 = rw[3], spread = 0x0001000100010001ULL;
    for (int32_t i = 0; i < count; i++) {
        const TopsNode *tn = &vec[i];
        if (tn->lo < target && target <= tn->hi) continue;
        u64 t;
        memcpy(&t, tn->tops, 8);
        u64 w[4] = {r0 & (t & 0xFFFF) * spread, r1 & (t >> 16 & 0xFFFF) * spread,
                    r2 & (t >> 32 & 0xFFFF) * spread, r3 & (t >> 48) * spread};
        u64 h = HASH_SEED ^ (u64)tn->id * 0x9E3779B97F4A7C15ULL;
        h = (h ^ w[0]) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 32;
        h = (h ^ w[1]) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 32;
        h = (h ^ w[2]) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 32;
        h = (h ^ w[3]) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 32;
        if (!(tn->bloom >> (h >> 58) & 1)) continue;
        int d = entry_decides(k, lv, tn->id, (const uint16_t *)w, h, target, tn->tops, present, relout);
        if (d >= 0) return d;
    }
    return -1;
}

/* The bounds stored for the position of sh, if an entry decides target: 1 yes, 0 no, -1 none. */
static int lookup(const Kernel *k, int left, Shape *sh, int target, u64 present, u64 *relout) {
    const Level *lv = &k->levels[left];
    int32_t ki = level_find(k, lv, sh->key, sh->hash);
    sh->ki = ki;
    sh->epoch = k->evictions;
    if (ki < 0) return -1;
    int G = k->ngroups, S = k->m;
    const TopsNode *vec = lv->kvec[ki];
    if (!k->partition) {
        uint16_t holds[MAXG * MAXP];
        if (!lv->kcount[ki]) return -1;
        memset(holds, 0, sizeof(holds));
        int32_t e = level_entry(k, lv, vec[0].id, holds, holds_hash(k, vec[0].id, holds));
        if (e < 0) return -1;
        if (lv->ents[e].lo >= target) return 1;
        if (lv->ents[e].hi < target) return 0;
        return -1;
    }
    /* At most one entry per top segment fits: the one with this position's holdings. The
       holdings array is masked and hashed four holdings (one word) at a time, as holds_hash
       reads it. */
    union {
        u64 w[MAXG * MAXP / 4];
        uint16_t h[MAXG * MAXP];
    } rw, holds;
    int n = G * S, nw = (n + 3) / 4;
    memset(rw.w, 0, sizeof(u64) * nw);
    memcpy(rw.h, sh->rels, sizeof(uint16_t) * n);
    if (S == 4 && G == 4)
        return lookup_bridge(k, lv, vec, lv->kcount[ki], rw.w, target, present, relout);
    for (int32_t i = 0; i < lv->kcount[ki]; i++) {
        if (vec[i].lo < target && target <= vec[i].hi) continue;
        const uint16_t *tops = vec[i].tops;
        u64 h = HASH_SEED ^ (u64)vec[i].id * 0x9E3779B97F4A7C15ULL;
        for (int j = 0; j < nw; j++) {
            u64 mask;
            if (S == 4) {
                mask = (u64)tops[j] * 0x0001000100010001ULL;
            } else {
                mask = 0;
                for (int l = 0; l < 4; l++) {
                    int idx = 4 * j + l;
                    if (idx < n) mask |= (u64)tops[idx / S] << (16 * l);
                }
            }
            holds.w[j] = rw.w[j] & mask;
            h = (h ^ holds.w[j]) * 0xFF51AFD7ED558CCDULL;
            h ^= h >> 32;
        }
        if (!(vec[i].bloom >> (h >> 58) & 1)) continue;
        int d = entry_decides(k, lv, vec[i].id, holds.h, h, target, tops, present, relout);
        if (d >= 0) return d;
    }
    return -1;
}

/* ---------------------------------------------------------------- bounds */

/* Tricks one hand can cash from the top, on lead, and the cards that rests on (see own in
   search.py). */
static int own_quick(const Kernel *k, const State *st, const u64 *hands, int leader, u64 present, u64 *relout) {
    u64 lead = hands[leader];
    u64 wiz = st->wizards;
    u64 rest = present & ~lead;
    int total = 0, best = 0;
    u64 rel = 0;
    for (int qi = 0; qi < st->nquick; qi++) {
        const QInfo *q = &st->quick[qi];
        u64 mine = lead & q->kmask;
        if (!mine) continue;
        u64 theirs = rest & q->kmask;
        u64 top;
        int n;
        if (!theirs) {
            n = popc(mine);
            top = mine;
        } else if (q->mode == 1) {
            int bl = bitlen(theirs);
            top = bl >= 64 ? 0 : mine >> bl << bl;
            n = popc(top);
        } else if (q->mode == 2) {
            top = mine & (lowbit(theirs) - 1);
            n = popc(top);
        } else {
            i64 high = INT64_MIN;
            for (int i = 0; i < q->norder; i++) {
                int c = q->order[i];
                if (theirs >> c & 1 && st->strength[c] > high) high = st->strength[c];
            }
            n = 0;
            for (int i = 0; i < q->norder; i++) {
                int c = q->order[i];
                if (mine >> c & 1 && st->strength[c] >= high) n++;
            }
            top = q->kmask;
        }
        if (!n) continue;
        if (theirs && st->must_follow && n < popc(mine)) {
            /* Once every other hand is out of the class, the leader's low cards win too (unless a
               hand may keep its cards of the class by playing a free card). */
            int i;
            for (i = 0; i < k->nothers[leader]; i++) {
                u64 h = hands[k->others[leader][i]];
                if (popc(h & q->kmask) > n || (h & st->free_mask)) break;
            }
            if (i == k->nothers[leader]) n = popc(mine);
        }
        for (int i = 0; i < k->nothers[leader]; i++) {
            u64 h = hands[k->others[leader][i]];
            if (h & (q->outside | wiz)) {
                int lim = (st->must_follow && !(h & wiz)) ? popc(h & q->kmask) : 0;
                if (lim < n) {
                    n = lim;
                    if (!n) break;
                }
            }
        }
        if (!n) continue;
        rel |= lowbit(top);
        total += n;
        if (n > best) best = n;
    }
    *relout = rel;
    return popc(lead & wiz) + (st->structured ? total : best);
}

/* Tricks the leader's side can take at once from the top: the leader's own, and with no trump and no
   free card in play those of one partner the leader can reach (see quick in search.py). */
static int quick(const Kernel *k, const State *st, const u64 *hands, int leader, u64 present, u64 *relout) {
    int qt = own_quick(k, st, hands, leader, present, relout);
    /* declaring cards still in play (24's 1s, Trump Chaos's 2s): without them the ranking holds for
       the rest of the round, and the quick tricks count beyond this trick */
    u64 declaring = k->declaring & present;
    if (k->npartners[leader] && st->plain && !declaring && !(present & (st->trumps | st->free_mask))) {
        u64 lead = hands[leader];
        if (k->pairs && st->structured) {
            /* the top card with the leader, the second with the partner (see quick in search.py) */
            u64 held = hands[k->partners[leader][0]];
            for (int qi = 0; qi < st->nquick; qi++) {
                u64 kmask = st->quick[qi].kmask, cls = present & kmask;
                int mine = popc(lead & kmask), theirs = popc(held & kmask);
                if (mine < 2 || theirs < 2) continue;
                int top = bitlen(cls) - 1;
                int second = bitlen(cls & ~bit(top)) - 1;
                if (!(lead >> top & 1) || !(held >> second & 1)) continue;
                int n = 2;
                if (theirs == 2) {
                    int i;
                    for (i = 0; i < k->nothers[leader]; i++) {
                        int o = k->others[leader][i];
                        if (k->sideof[o] != k->sideof[leader] && popc(hands[o] & kmask) > 2) break;
                    }
                    if (i == k->nothers[leader]) n = mine;
                }
                qt += n - 1;
                *relout |= bit(second);
            }
        }
        int best = 0;
        u64 best_rel = 0;
        for (int i = 0; i < k->npartners[leader]; i++) {
            int p = k->partners[leader][i];
            u64 held = hands[p];
            for (int qi = 0; qi < st->nquick; qi++) {
                u64 kmask = st->quick[qi].kmask;
                if ((lead & kmask) && (held >> (bitlen(present & kmask) - 1) & 1)) {
                    u64 prel;
                    int n = own_quick(k, st, hands, p, present, &prel);
                    if (n > best) {
                        best = n;
                        best_rel = prel;
                    }
                    break;
                }
            }
        }
        qt += best;
        *relout |= best_rel;
    }
    /* With declarations to come the ranking may change after this trick: only its first trick is sure. */
    return (declaring && qt > 1) ? 1 : qt;
}

/* ---------------------------------------------------------------- two partnerships */

/* Quick tricks of the side on lead for two partnerships seated alternately, in the manner of
   DDS's QuickTricks (Haglund and Hein): where the sure tricks run out of the leader's hand into
   the partner's, how drawn trumps free the side suits, and the tricks a class gives when only
   the side holds it. Seats are counted clockwise from the leader: 0 the leader, 1 its left-hand
   opponent, 2 its partner, 3 its right-hand opponent. Every class is ranked by card index, all
   trumps lie in one class, and nobody holds a free card (pair_rules). The count stops as soon
   as it reaches `need`, the tricks that settle the question, so that it rests on as few cards
   as it can (see quick in search.py, which this mirrors). */
typedef struct {
    int len[4];   /* each seat's cards of the class */
    int top[3];   /* its three highest cards in play, -1 past the last */
    int owner[3]; /* the seats holding them (-1: nobody) */
    u64 mask;
} PairClass;

typedef struct {
    int q, need;
    u64 rel;
} Tally;

/* Count n more tricks resting on the cards `marks`: whether the count reaches the need. */
static inline int tally(Tally *t, int n, u64 marks) {
    t->q += n;
    t->rel |= marks;
    return t->q >= t->need;
}

static inline int max2(int a, int b) { return a > b ? a : b; }
static inline int min2(int a, int b) { return a < b ? a : b; }

/* Whether the two partnerships' rules apply to a trick boundary in this state. */
static inline int pair_rules(const State *st, u64 present) {
    return st->pair_plain && !(present & st->free_mask);
}

static void pair_classes(const State *st, const u64 *seat_hands, u64 present, PairClass *pc, int *trump) {
    *trump = -1;
    for (int i = 0; i < st->nquick; i++) {
        u64 km = st->quick[i].kmask, cls = present & km;
        PairClass *x = &pc[i];
        x->mask = km;
        for (int s = 0; s < 4; s++) x->len[s] = popc(seat_hands[s] & km);
        for (int j = 0; j < 3; j++) {
            x->top[j] = x->owner[j] = -1;
            if (!cls) continue;
            int c = bitlen(cls) - 1;
            cls &= ~bit(c);
            x->top[j] = c;
            for (int s = 0; s < 4; s++)
                if (seat_hands[s] >> c & 1) x->owner[j] = s;
        }
        if (present & km & st->trump_mask) *trump = i;
    }
}

/* Trumps only the side holds: the longer hand's trumps each win a trick, and one trick more when the
   shorter hand ruffs a class the longer hand leads and it is void in (`partner_longer`: the partner
   leads, else the leader). -1 where it does not apply. */
static int pair_trumps_alone(const PairClass *pc, int nq, int T, int own, int part, int partner_longer) {
    int longer = partner_longer ? 2 : 0, shorter = 2 - longer;
    if (partner_longer ? own > part : own < part) return max2(own, part);
    for (int j = 0; j < nq; j++)
        if (j != T && pc[j].len[longer] && !pc[j].len[shorter]) return max2(own, part) + 1;
    return max2(own, part);
}

/* The tricks the leader's side is sure of at a boundary, once they reach `need` (1, with the
   count in *tricks and the cards it rests on in *relout), else 0. */
static int pair_quick(const Kernel *k, const State *st, const u64 *hands, int leader, u64 present, int need,
                      int *tricks, u64 *relout) {
    u64 h[4];
    int s = leader;
    for (int i = 0; i < 4; i++, s = k->nxt[s]) h[i] = hands[s];
    PairClass pc[MAXQ];
    int nq = st->nquick, T;
    pair_classes(st, h, present, pc, &T);
    Tally t = {0, need, 0};
    /* Trumps each opponent still holds (the leader's top trumps draw them). */
    int lhoT = T >= 0 ? pc[T].len[1] : 0, rhoT = T >= 0 ? pc[T].len[3] : 0;
    /* An entry to the partner: a class the leader holds whose top the partner has, or the leader's
       top and the partner's second with two cards each; with trumps in play, one neither
       opponent can ruff. Else, the leader holding a trump, the partner's top trump. */
    int entry = -1, entry_card = -1;
    for (int i = 0; i < nq && entry < 0; i++) {
        PairClass *x = &pc[i];
        if (i == T) continue;
        int safe = T < 0 || ((x->len[1] || !pc[T].len[1]) && (x->len[3] || !pc[T].len[3]));
        if (x->owner[0] == 2 && x->len[0]) {
            if (safe) entry = i, entry_card = x->top[0];
        } else if (x->owner[1] == 2 && x->owner[0] == 0 && x->len[0] >= 2 && x->len[2] >= 2) {
            if (safe) entry = i, entry_card = x->top[1];
        }
    }
    if (T >= 0 && entry < 0 && pc[T].len[0] && pc[T].owner[0] == 2) entry = T, entry_card = pc[T].top[0];
    u64 entry_bit = entry >= 0 ? bit(entry_card) : 0;
    int ruffed = 0; /* a ruff in the partner's hand is counted */
    /* Trumps first, then the other classes in order. */
    for (int step = 0; step < nq; step++) {
        int i = T < 0 ? step : (step == 0 ? T : (step <= T ? step - 1 : step));
        PairClass *x = &pc[i];
        int own = x->len[0], lho = x->len[1], part = x->len[2], rho = x->len[3], opps = lho | rho;
        int side = T >= 0 && i != T;       /* a side class with trumps in play */
        int unruffed = !lhoT && !rhoT;     /* no opponent can ruff any more */
        if (!opps && !part) {
            /* Only the leader holds the class: every card of it wins once nobody can ruff. */
            if (own && (!side || unruffed) && tally(&t, own, 0)) goto sure;
            continue;
        }
        if (!opps) {
            /* Only the side holds the class. */
            int alone = -1;
            if (i == T)
                alone = pair_trumps_alone(pc, nq, T, own, part, 0); /* the leader the longer */
            else if (!side || unruffed)
                alone = min2(own, part); /* led in turn, the two hands win until one runs out */
            if (alone >= need) {
                *tricks = alone;
                *relout = t.rel;
                return 1;
            }
            if (entry >= 0) {
                if (!own) {
                    /* only the partner: its cards once the leader crosses */
                    if ((!side || unruffed) && tally(&t, part, entry_bit)) goto sure;
                    continue;
                }
                if (i == T && (alone = pair_trumps_alone(pc, nq, T, own, part, 1)) >= need) {
                    *tricks = alone; /* the partner the longer, reached through the entry */
                    *relout = t.rel | entry_bit;
                    return 1;
                }
            }
        }
        if (x->top[0] < 0) continue;
        int done = 0; /* the class's count is complete */
        if (x->owner[0] == 0) {
            /* The leader holds the top card. */
            int draw = i == T && entry != T;
            if (!side || ((lho || !lhoT) && (rho || !rhoT))) {
                if (tally(&t, 1, bit(x->top[0]))) goto sure;
                if (draw) lhoT = max2(lhoT - 1, 0), rhoT = max2(rhoT - 1, 0);
                if (lho <= 1 && rho <= 1 && part <= 1 && (!side || (!lhoT && !rhoT))) {
                    if (tally(&t, own - 1, 0)) goto sure;
                    done = 1;
                }
            }
            if (!done && (!side || (!lhoT && !rhoT))) {
                if (x->owner[1] == 0) {
                    if (tally(&t, 1, bit(x->top[1]))) goto sure;
                    if (draw) lhoT = max2(lhoT - 1, 0), rhoT = max2(rhoT - 1, 0);
                    if (lho <= 2 && rho <= 2 && part <= 2) {
                        if (tally(&t, own - 2, 0)) goto sure;
                        done = 1;
                    }
                } else if (x->owner[1] == 2 && own > 1 && part > 1) {
                    if (tally(&t, 1, bit(x->top[1]))) goto sure;
                    if (draw) lhoT = max2(lhoT - 1, 0), rhoT = max2(rhoT - 1, 0);
                    if (lho <= 2 && rho <= 2 && (part <= 2 || own <= 2)) {
                        if (tally(&t, max2(own, part) - 2, 0)) goto sure;
                        done = 1;
                    }
                }
            }
        } else if (x->owner[0] == 2 && entry >= 0) {
            /* The partner holds the top card and the leader can reach it. */
            if (!side || ((lho || !lhoT) && (rho || !rhoT))) {
                if (tally(&t, 1, bit(x->top[0]) | entry_bit)) goto sure;
                if (lho <= 1 && rho <= 1 && own <= 1 && (!side || (!lhoT && !rhoT))) {
                    if (tally(&t, part - 1, 0)) goto sure;
                    done = 1;
                }
            }
            if (!done) {
                int unruffed_now = !side || (!lhoT && !rhoT);
                u64 marks = side ? entry_bit : 0;
                if (x->owner[1] == 2) {
                    if (unruffed_now) {
                        if (tally(&t, 1, bit(x->top[1]) | marks)) goto sure;
                        if (lho <= 2 && rho <= 2 && own <= 2) {
                            if (tally(&t, part - 2, 0)) goto sure;
                            done = 1;
                        }
                    }
                } else if (x->owner[1] == 0 && part > 1 && own > 1) {
                    if (unruffed_now) {
                        if (tally(&t, 1, bit(x->top[1]) | marks)) goto sure;
                        if (lho <= 2 && rho <= 2 && (own <= 2 || part <= 2)) {
                            if (tally(&t, max2(own, part) - 2, 0)) goto sure;
                            done = 1;
                        }
                    }
                } else if (i == entry && x->owner[1] == 1 && x->owner[2] == 2 &&
                           (!side || ((lho >= 2 || !lhoT) && (rho >= 2 || !rhoT)))) {
                    /* the partner's third card over the left-hand opponent's second */
                    if (tally(&t, 1, bit(x->top[2]) | marks)) goto sure;
                    if (side && own <= 2 && lho <= 2 && rho <= 2 && !lhoT && !rhoT && tally(&t, part - 2, 0))
                        goto sure;
                }
            }
        }
        if (done) continue;
        if (side && own && !ruffed &&
            (t.q == 0 || (x->owner[0] != 0 && x->owner[0] != 2 && pc[T].owner[0] != 0 && pc[T].owner[0] != 2)) &&
            !part && pc[T].len[2]) {
            /* A ruff in the partner's hand that no opponent can overruff. */
            u64 tm = pc[T].mask, pt = h[2] & tm, lt = h[1] & tm, rt = h[3] & tm;
            int sure1;
            u64 marks = bit(bitlen(pt) - 1);
            if ((rho || !rt) && (lho || !lt))
                sure1 = 1, marks = 0;
            else if (!rho && !lho)
                sure1 = (lt | rt) < pt;
            else if (!lho)
                sure1 = lt < pt;
            else
                sure1 = rt < pt;
            if (sure1) {
                ruffed = 1;
                t.rel |= marks;
                if (need <= 1) {
                    *tricks = 1;
                    *relout = t.rel;
                    return 1;
                }
            }
            continue;
        }
    }
    return 0;
sure:
    *tricks = t.q;
    *relout = t.rel;
    return 1;
}

/* The second hand's side is sure to win the trick being played and, with no trump in play, the
   quick tricks of whichever of its hands wins it, up to `need` (DDS's QuickTricksSecondHand): 1
   with the cards that rests on, else 0. `seat` plays second to `lead` in class `follow`. */
static int second_hand_quick(const Kernel *k, const State *st, const u64 *hands, int seat, u64 follow, int lead,
                             u64 present, int need, u64 *relout) {
    int third = k->nxt[seat], fourth = k->nxt[third];
    u64 trumps = st->trump_mask;
    u64 own = hands[seat] & follow, part = hands[fourth] & follow, next = hands[third] & follow;
    int trumped = (present & trumps) && !(follow & trumps);
    int third_ruffs = trumped && !next && (hands[third] & trumps);
    u64 rel = 0;
    if (trumped && ((!own && (hands[seat] & trumps)) || (!part && (hands[fourth] & trumps)))) {
        if (third_ruffs) return 0; /* the side ruffs, the other side cannot */
    } else {
        int top = bitlen(own | part) - 1;
        if (top < 0 || top < lead || top < bitlen(next) - 1 || third_ruffs) return 0;
        rel = bit(top); /* the side holds the top card of the class, which nobody can ruff */
    }
    int q = 1;
    if (q >= need) goto sure;
    if (present & trumps) return 0;
    int winner = own > part ? seat : fourth;
    u64 wh = hands[winner];
    /* the class's second card in the same hand */
    u64 cls = present & follow;
    int first = bitlen(cls) - 1;
    u64 rest = cls & ~bit(first);
    if (rest && (wh >> first & 1)) {
        int second = bitlen(rest) - 1;
        if (wh >> second & 1) {
            q++;
            rel |= bit(second);
            if (q >= need) goto sure;
        }
    }
    u64 others = 0;
    for (int i = 0; i < k->m; i++)
        if (k->seats[i] != winner) others |= hands[k->seats[i]];
    for (int qi = 0; qi < st->nquick; qi++) {
        u64 km = st->quick[qi].kmask;
        if (km == follow || !(wh & km)) continue;
        if (!(others & km)) {
            q += popc(wh & km); /* a class nobody else holds */
        } else {
            int c = bitlen(present & km) - 1;
            if (!(wh >> c & 1)) continue;
            q++; /* its top card */
            rel |= bit(c);
        }
        if (q >= need) goto sure;
    }
    return 0;
sure:
    *relout = rel;
    return 1;
}

/* Whether the leader's side is sure to lose a trick with no trump and no wizard in play (see
   make_later_tricks in search.py): every class the leader holds is topped by the other side, or
   (two partnerships seated alternately: k->pairs) the lengths of the longer of its two hands in
   the classes whose top it holds add up to fewer tricks than are left (DDS's LaterTricks). The
   other side's tops it rests on in *relout. */
static int later_tricks(const Kernel *k, const State *st, const u64 *hands, int leader, u64 present, int left,
                        u64 *relout) {
    *relout = 0;
    u64 lead = hands[leader];
    if (!lead || !st->plain || (present & (st->trumps | st->free_mask))) return 0;
    int side = k->sideof[leader];
    u64 ours = 0;
    for (int i = 0; i < k->m; i++)
        if (k->sideof[k->seats[i]] == side) ours |= hands[k->seats[i]];
    u64 rel = 0;
    int qi;
    for (qi = 0; qi < st->nquick; qi++) {
        u64 kmask = st->quick[qi].kmask;
        if (!(lead & kmask)) continue;
        u64 top = bit(bitlen(present & kmask) - 1);
        if (ours & top) break;
        rel |= top;
    }
    if (qi == st->nquick) {
        *relout = rel;
        return 1;
    }
    if (!k->pairs) return 0;
    u64 other = hands[k->nxt[k->nxt[leader]]];
    int total = 0;
    rel = 0;
    for (qi = 0; qi < st->nquick; qi++) {
        u64 kmask = st->quick[qi].kmask;
        u64 cards = present & kmask;
        if (!cards) continue;
        u64 top = bit(bitlen(cards) - 1);
        if (ours & top) {
            int a = popc(lead & kmask), b = popc(other & kmask);
            total += a > b ? a : b;
            if (total >= left) return 0;
        } else {
            u64 owner = 0;
            for (int i = 0; i < k->m; i++)
                if (hands[k->seats[i]] & top) owner = hands[k->seats[i]];
            if (cards & ~owner) rel |= top;
        }
    }
    *relout = rel;
    return 1;
}

/* Per side, the most trumps of one hand that the other side's trumps cannot all beat: a trump
   loses only to one of equal or higher power, one card beats in one trick, so matched from the
   top each trump of the other side kills at most one; the hand's trumps left over each win a
   trick (hands that play every card they hold only). The lowest trump each count rests on. */
static void sure_trumps(const Kernel *k, const State *st, const u64 *hands, u64 present, int left, int *mine_out,
                        int *theirs_out, u64 *mine_rel, u64 *theirs_rel) {
    int pool[MAXP] = {0}, surplus[MAXP] = {0}, lowest[MAXP];
    int i = 0, n = st->ntrumps;
    while (i < n) {
        i64 level = st->tp[st->trumps_desc[i]];
        int j = i, count[2] = {0, 0};
        int cards[MAXC], owners[MAXC], nowners = 0;
        for (; j < n && st->tp[st->trumps_desc[j]] == level; j++) {
            int c = st->trumps_desc[j];
            if (!(present >> c & 1)) continue;
            for (int q = 0; q < k->m; q++) {
                int s = k->seats[q];
                if (hands[s] >> c & 1) {
                    cards[nowners] = c;
                    owners[nowners++] = s;
                    count[k->sideof[s]]++;
                    break;
                }
            }
        }
        if (nowners) {
            for (int q = 0; q < k->m; q++) pool[k->seats[q]] += count[1 - k->sideof[k->seats[q]]];
            for (int w = 0; w < nowners; w++) {
                int s = owners[w];
                if (pool[s]) {
                    pool[s]--;
                } else {
                    surplus[s]++;
                    lowest[s] = cards[w];
                }
            }
        }
        i = j;
    }
    int best[2] = {0, 0};
    u64 rel[2] = {0, 0};
    for (int q = 0; q < k->m; q++) {
        int s = k->seats[q];
        if (!surplus[s] || popc(hands[s]) != left) continue;
        int side = k->sideof[s];
        if (surplus[s] > best[side] || (surplus[s] == best[side] && bit(lowest[s]) > rel[side])) {
            best[side] = surplus[s];
            rel[side] = bit(lowest[s]);
        }
    }
    *mine_out = best[1];
    *theirs_out = best[0];
    *mine_rel = rel[1];
    *theirs_rel = rel[0];
}

/* Nobody need follow and the strongest card wins (Stich für Stich): per side, the tricks it is sure
   of. A side plans which of its cards carries each trick, its `left` strongest, one a trick; a
   planned card loses only to a card of the other side in that trick at least as strong, and each
   such card is in one trick: the tricks lost are at most a matching of planned cards to killers,
   counted from the top (search.py's sure_tricks alike). */
static void sure_tricks(const Kernel *k, const State *st, const u64 *hands, u64 present, int left, int *mine_out,
                        int *theirs_out) {
    u64 side_cards = 0;
    for (int q = 0; q < k->m; q++)
        if (k->sideof[k->seats[q]]) side_cards |= hands[k->seats[q]];
    int taken[2] = {0, 0}, pool[2] = {0, 0}, surplus[2] = {0, 0};
    int i = 0, n = st->nstrength;
    while (i < n && (taken[0] < left || taken[1] < left)) {
        i64 level = st->strength[st->strength_desc[i]];
        int count[2] = {0, 0};
        int j = i;
        for (; j < n && st->strength[st->strength_desc[j]] == level; j++) {
            int c = st->strength_desc[j];
            if (present >> c & 1) count[side_cards >> c & 1]++;
        }
        if (count[0] || count[1]) {
            pool[0] += count[1];
            pool[1] += count[0];
            for (int x = 0; x < 2; x++) {
                int planned = min2(count[x], left - taken[x]);
                taken[x] += planned;
                int killed = min2(planned, pool[x]);
                pool[x] -= killed;
                surplus[x] += planned - killed;
            }
        }
        i = j;
    }
    *mine_out = surplus[1];
    *theirs_out = surplus[0];
}

/* A seat alone on its side, last to play to the trick about to start, where nobody need follow and
   the strongest card wins: sure of a trick unless the others' cards match its strongest s1, s1 once
   more (this trick, which it takes with s1 unless a card at least as strong is in it; else it throws
   its weakest), s2, ..., s(left-1), each to a distinct card at least as strong, counted from the top
   (bounds.py's lone_last_trick alike). */
static int lone_last_trick(const Kernel *k, const State *st, const u64 *hands, u64 present, int left, int lone) {
    if (left < 2) return 0;
    u64 mine = hands[lone];
    int need = left - 1, extra = 1, pool = 0;
    int i = 0, n = st->nstrength;
    while (i < n) {
        i64 level = st->strength[st->strength_desc[i]];
        int count = 0, others = 0;
        int j = i;
        for (; j < n && st->strength[st->strength_desc[j]] == level; j++) {
            int c = st->strength_desc[j];
            if (present >> c & 1) {
                if (mine >> c & 1)
                    count++;
                else
                    others++;
            }
        }
        pool += others;
        if (count) {
            int planned = min2(count, need);
            need -= planned;
            planned += extra;
            extra = 0;
            if (planned > pool) return 1;
            pool -= planned;
            if (!need) return 0;
        }
        i = j;
    }
    return 0;
}

/* ---------------------------------------------------------------- move ordering */

typedef struct {
    int score;
    int card;
} Scored;

/* Best first: score descending, then card descending (as Python sorts (score, card) pairs). */
static void sort_scored(Scored *scored, int *cands, int ncands) {
    for (int i = 1; i < ncands; i++) {
        Scored x = scored[i];
        int j = i - 1;
        while (j >= 0 && (scored[j].score < x.score || (scored[j].score == x.score && scored[j].card < x.card))) {
            scored[j + 1] = scored[j];
            j--;
        }
        scored[j + 1] = x;
    }
    for (int i = 0; i < ncands; i++) cands[i] = scored[i].card;
}

/* The cards of a hand it may play to a trick whose follow class is `follow` (-1 or 0: any). */
static inline u64 legal_cards(const State *st, u64 hand, i64 follow) {
    if (follow <= 0) return hand;
    u64 f = hand & (u64)follow;
    return f ? (f | (hand & st->free_mask)) : hand;
}

/* How much a lead is put back for each card the opponents hold in its class, and put forward
   when it is the lead that last answered a question with as many tricks left (search.py alike). */
#define LEAD_LENGTH_WEIGHT 250
#define KILLER_BONUS 1000
/* the same with no trump in play: the opponents' length first, after the killer always */
#define NO_TRUMP_LEAD_LENGTH_WEIGHT 2000
#define NO_TRUMP_KILLER_BONUS 100000
/* and put back for each partner void in the class (DDS's no-trump leads alike) */
#define NO_TRUMP_PARTNER_VOID 4000
/* with trumps: put forward when a partner can ruff the lead and no opponent can (DDS alike) */
#define PARTNER_RUFF_BONUS 500
/* two partnerships seated alternately: put forward a singleton led to the partner's top card
   when the leader holds trumps, for the ruff on the return (DDS alike) */
#define RUFF_RETURN_BONUS 1000

/* Leads: a card nobody can beat or ruff first; then low cards towards a partner who holds the
   top; then low cards; leads an opponent can ruff last; classes where the opponents are long put
   back; the killer put forward; with no trump in play and with trumps, the weights of search.py's
   leads. */

static void order_leads(const Kernel *k, const State *st, int *cands, int ncands, const u64 *hands, int seat,
                        u64 outside, int killer) {
    Scored scored[MAXC];
    int mine = k->sideof[seat];
    u64 partners = 0, opponents = 0, trumps = st->trump_mask;
    int left = popc(hands[seat]);
    int trumped = (trumps & (outside | hands[seat])) != 0;
    int length_weight = trumped ? LEAD_LENGTH_WEIGHT : NO_TRUMP_LEAD_LENGTH_WEIGHT;
    int killer_bonus = trumped ? KILLER_BONUS : NO_TRUMP_KILLER_BONUS;
    for (int i = 0; i < k->nothers[seat]; i++) {
        int o = k->others[seat][i];
        if (k->sideof[o] == mine)
            partners |= hands[o];
        else
            opponents |= hands[o];
    }
    for (int i = 0; i < ncands; i++) {
        int c = cands[i];
        u64 kmask = st->class_of[c];
        int ruff = 0;
        if (trumps && !(trumps >> c & 1)) {
            for (int j = 0; j < k->nothers[seat]; j++) {
                int o = k->others[seat][j];
                u64 h = hands[o];
                if (k->sideof[o] != mine && !(h & kmask) && (h & trumps)) {
                    ruff = 1;
                    break;
                }
            }
        }
        /* Someone can beat it: lead low; else a sure winner unless it can be ruffed. */
        int score = (st->stronger[c] & outside) ? -st->power[c] : (ruff ? 200 : 1000) + st->power[c];
        /* The opponents' length in the class (a void counted as long: they throw what they
           like), weighed as DDS weighs its leads. */
        for (int j = 0; j < k->nothers[seat]; j++) {
            int o = k->others[seat][j];
            if (k->sideof[o] == mine) {
                if (!trumped && !(hands[o] & kmask)) score -= NO_TRUMP_PARTNER_VOID; /* it cannot follow */
                continue;
            }
            int len = popc(hands[o] & kmask);
            score -= length_weight * (len ? len : left);
        }
        if (c == killer) score += killer_bonus; /* the lead that last answered a question here */
        u64 top_theirs = opponents & kmask, top_ours = partners & kmask;
        if (!ruff && trumps && !(trumps >> c & 1)) {
            for (int j = 0; j < k->npartners[seat]; j++) {
                u64 h = hands[k->partners[seat][j]];
                if (!(h & kmask) && (h & trumps)) {
                    score += PARTNER_RUFF_BONUS; /* a partner can ruff it */
                    break;
                }
            }
            u64 lead = hands[seat];
            if (k->pairs && (lead & trumps) && popc(lead & kmask) == 1) {
                int top = bitlen((outside | lead) & kmask) - 1;
                for (int j = 0; j < k->npartners[seat]; j++) {
                    u64 h = hands[k->partners[seat][j]];
                    if (popc(h & kmask) > 1 && (h >> top & 1)) {
                        score += RUFF_RETURN_BONUS; /* the partner wins and returns it */
                        break;
                    }
                }
            }
        }
        if (ruff)
            score -= 1500; /* an opponent can ruff: last */
        else if (top_ours && (!top_theirs || bitlen(top_ours) > bitlen(top_theirs)))
            score += 500; /* the partner holds the top */
        scored[i].score = score;
        scored[i].card = c;
    }
    sort_scored(scored, cands, ncands);
}

/* Leads for two partnerships seated alternately, weighed as DDS weighs them (Haglund and Hein,
   Moves::WeightAllocNT0 and WeightAllocTrump0): the opponents' lengths in the class (a void
   counted as a whole hand), who holds its top three cards, whether the side can win the trick
   (its top card, or with trumps a ruff nobody overruffs), ruffs for either side, the card's rank
   among the class's cards in play, and the lead that last answered a question with as many tricks
   left. Seats count clockwise from the leader: 0 the leader, 1 its left-hand opponent, 2 its
   partner, 3 its right-hand opponent. `tops` gives each candidate's run of equivalent cards by its
   highest card (DDS lists a run by its top). search.py's pair leads alike. */
static void order_pair_leads(const Kernel *k, const State *st, int *cands, const int *tops, int ncands,
                             const u64 *hands, int seat, u64 present, int killer) {
    Scored scored[MAXC];
    u64 h[4];
    int s = seat;
    for (int i = 0; i < 4; i++, s = k->nxt[s]) h[i] = hands[s];
    u64 in_play = st->trump_mask & present;
    u64 tcls = in_play ? st->class_of[ctz(in_play)] : 0; /* the trump class, 0 with no trump in play */
    u64 tr[4];
    for (int i = 0; i < 4; i++) tr[i] = h[i] & tcls;
    int left = popc(h[0]);
    /* What depends on the class alone, found again only when the class changes (a hand's
       candidates come class by class). */
    u64 last_km = 0;
    int len[4] = {0}, card[3] = {0}, owner[3] = {0}, lho = 0, rho = 0, alone_lho = 0, alone_rho = 0;
    int second_third = 0;
    int split_second_third = 0, partner_over = 0;
    for (int i = 0; i < ncands; i++) {
        int c = cands[i], top = tops[i];
        u64 km = st->class_of[c], cls = present & km;
        int rank = top - ctz(km) + 2;  /* 2 for the lowest card of the class */
        int from_top = popc(cls >> top); /* 1 for the highest card in play */
        int run = top != c;
        if (km != last_km) {
            last_km = km;
            for (int j = 0; j < 4; j++) len[j] = popc(h[j] & km);
            for (int j = 0; j < 3; j++) {
                card[j] = owner[j] = -1;
                if (!cls) continue;
                card[j] = bitlen(cls) - 1;
                cls &= ~bit(card[j]);
                for (int o = 0; o < 4; o++)
                    if (h[o] >> card[j] & 1) owner[j] = o;
            }
            lho = (len[1] ? len[1] : left) << 2;
            rho = (len[3] ? len[3] : left) << 2;
            alone_lho = len[1] == 1 && owner[0] == 1;
            alone_rho = len[3] == 1 && owner[0] == 3;
            second_third = owner[1] == 2 && owner[2] == 2;
            split_second_third = (owner[1] == 0 && owner[2] == 2 && len[2] > 1) ||
                                 (owner[1] == 2 && owner[2] == 0 && len[2] > 1);
            partner_over = (h[2] & km) > ((h[1] | h[3]) & km); /* the partner beats both opponents */
        }
        int weight;
        if (!tcls) {
            int d = -(((lho + rho) << 5) / 19) - (len[2] ? 0 : 9);
            if (top == card[0] || partner_over) {
                /* the side can win the trick */
                if (owner[1] == 3) {
                    if (len[3] != 1) d -= 1;
                } else if (owner[1] == 1) {
                    d += len[1] != 1 ? 22 : 16;
                }
                weight = d + from_top + (((owner[1] != 1 || len[1] == 1) && (owner[1] != 3 || len[3] == 1)) ? 45 : 18);
                if (c == killer) weight += 126;
            } else {
                if (owner[0] == 3 || owner[1] == 3) {
                    if (len[3] != 1) d -= 10;
                } else if (owner[0] == 1 && owner[1] == 2 && len[2] != 1) {
                    d += 31;
                }
                if (second_third) d += 35;
                else if (split_second_third) d += 25;
                if (alone_lho || alone_rho) weight = d + 28 + from_top;
                else if (owner[0] == 0) weight = d - 17 + from_top;
                else if (!run) weight = d + 12 + from_top;
                else if (top == card[1]) weight = d + 48;
                else weight = d + 29 - from_top;
                if (c == killer) weight += 47;
            }
        } else {
            int side = km != tcls; /* a side class */
            int d = -(((lho + rho) << 5) / 13);
            if (side && ((!len[1] && tr[1]) || (!len[3] && tr[3]))) d -= 12; /* an opponent ruffs */
            if (side && !len[2] && tr[2] && len[3]) d += 17;                /* the partner ruffs */
            if (owner[0] == 3 || owner[1] == 3) {
                if (len[3] != 1) d -= 12;
            } else if (owner[0] == 1 && owner[1] == 2 && len[2] != 1) {
                d += 27;
            }
            if (side && len[0] == 1 && tr[0] && len[2] > 1 && owner[0] == 2) d += 19; /* a ruff on the return */
            int win = 0;
            int lho_can = len[1] || !tr[1], rho_can = len[3] || !tr[3]; /* neither ruffs */
            if (top == card[0]) {
                if (!side) win = 1;
                else if (len[2] || !tr[2]) win = lho_can && rho_can;
                else win = (len[1] || tr[2] > tr[1]) && (len[3] || tr[2] > tr[3]);
            } else if (partner_over) {
                win = !side || (lho_can && rho_can);
            } else if (side && !len[2] && tr[2]) {
                /* the partner ruffs: over every opponent who ruffs too */
                int lr = !len[1] && tr[1], rr = !len[3] && tr[3];
                if (lr && rr) win = tr[2] > (tr[1] | tr[3]);
                else if (lr) win = tr[2] > tr[1];
                else if (rr) win = tr[2] > tr[3];
                else win = 1;
            }
            if (win) {
                if (alone_lho || alone_rho) weight = d + 35 + from_top;
                else if (owner[0] == 0) {
                    if (owner[1] == 2) weight = d + 48 + from_top;
                    else if (top == card[0]) weight = d + 31;
                    else weight = d - 3 + from_top;
                } else if (owner[0] == 2) {
                    weight = d + (owner[1] == 0 ? 42 : 28) + from_top;
                } else if (run && top == card[1]) {
                    weight = d + 40;
                } else {
                    weight = d + (run ? 22 : 11) + from_top;
                }
                if (c == killer) weight += 55;
            } else {
                if (second_third) d += 20;
                else if (split_second_third) d += 13;
                if (alone_lho || alone_rho) weight = d + 2 + from_top;
                else if (owner[0] == 0) {
                    if (owner[1] == 2) weight = d + 33 + from_top;
                    else if (top == card[0]) weight = d + 38;
                    else weight = d - 14 + from_top;
                } else if (owner[0] == 2) {
                    weight = d + 34 + from_top;
                } else if (run && top == card[1]) {
                    weight = d + 35;
                } else {
                    weight = d + 17 - rank;
                }
                if (c == killer) weight += 18;
            }
        }
        scored[i].score = weight;
        scored[i].card = c;
    }
    sort_scored(scored, cands, ncands);
}

/* The (kk+1)-th card of a trick, with an eye on the seats still to play. */
static void order_follows(const Kernel *k, const State *st, int *cands, int ncands, u64 legal, const u64 *hands,
                          int seat, int kk, i64 follow, int wcard, int wseat) {
    Scored scored[MAXC];
    int mine = k->sideof[seat];
    u64 bw = st->beaters[wcard];
    int partner_wins = k->sideof[wseat] == mine;
    /* The cards the later seats of each side may play. */
    u64 later_ours = 0, later_theirs = 0;
    int s2 = k->nxt[seat];
    for (int j = kk + 1; j < k->m; j++, s2 = k->nxt[s2]) {
        u64 h = legal_cards(st, hands[s2], follow);
        if (k->sideof[s2] == mine)
            later_ours |= h;
        else
            later_theirs |= h;
    }
    if (!partner_wins && (later_ours & bw)) {
        /* Second hand low: the partner can still win the trick. */
        for (int i = 0; i < ncands; i++) {
            int c = cands[i];
            scored[i].score = (bw >> c & 1) ? -1000 - st->power[c] : -st->power[c];
            scored[i].card = c;
        }
    } else if (partner_wins && (later_theirs & bw)) {
        /* The partner's card can still be taken over: overtake so that nobody later can
           (cheapest first), else play low, overtaking cards that can be beaten last. */
        for (int i = 0; i < ncands; i++) {
            int c = cands[i];
            int score;
            if (bw >> c & 1)
                score = (st->beaters[c] & later_theirs) ? -2000 - st->power[c] : 1000 - st->power[c];
            else
                score = -st->power[c];
            scored[i].score = score;
            scored[i].card = c;
        }
    } else if (follow > 0 && !(legal & ~(u64)follow) && st->ascending) {
        /* Following in a class ranked by card index: the order needs no sort. */
        int out[MAXC], n = 0;
        for (int pass = 0; pass < 2; pass++) {
            int want_win = partner_wins ? pass == 1 : pass == 0;
            for (int i = 0; i < ncands; i++)
                if ((int)(bw >> cands[i] & 1) == want_win) out[n++] = cands[i];
        }
        memcpy(cands, out, sizeof(int) * ncands);
        return;
    } else if (partner_wins) {
        /* The partner's side is winning: low cards, overtaking last. */
        for (int i = 0; i < ncands; i++) {
            int c = cands[i];
            scored[i].score = -st->power[c] - ((bw >> c & 1) ? 500 : 0);
            scored[i].card = c;
        }
    } else {
        /* The cheapest card that takes the trick, else the lowest. */
        for (int i = 0; i < ncands; i++) {
            int c = cands[i];
            scored[i].score = (bw >> c & 1) ? 1000 - st->power[c] : -st->power[c];
            scored[i].card = c;
        }
    }
    sort_scored(scored, cands, ncands);
}

/* The second and third cards of a trick for two partnerships seated alternately, weighed as DDS
   weighs them (Haglund and Hein, Moves::WeightAlloc...1 and ...2): following, whether the seat's
   card, its partner's or the leader's partner's wins the trick, cards too low to matter, forcing
   out the fourth hand's top card; void, discards from long classes (not from a bare second card
   or a bare top card), ruffs that win, overruff or force a higher trump. Seats count clockwise
   from the leader (0 the leader, 1 the second hand, 2 the third, 3 the fourth). `tops` gives
   each candidate's run of equivalent cards by its highest card; `present` the cards in play at
   the trick's start, `tmask` the trick so far. search.py's pair follows alike. */
typedef struct {
    u64 h[4];    /* the hands from the leader */
    u64 trumps;  /* the trump class, 0 with no trump in play */
    u64 led;     /* the class led */
    u64 present; /* in play at the trick's start */
    u64 gone;    /* gone before the trick */
    u64 now;     /* in play now */
    int lead, second; /* the leader's and the second hand's cards (-1: none yet) */
    int winner;  /* the seat winning the trick so far */
} FollowTrick;

static inline int rank_in(u64 km, int c) { return c - ctz(km) + 2; } /* 2 for the class's lowest card */
static inline int highest(u64 x) { return x ? bitlen(x) - 1 : -1; }
static inline int lowest(u64 x) { return x ? ctz(x) : -1; }

/* The seat holding card c at the trick's start (-1: on the table). */
static inline int holder(const FollowTrick *t, int c) {
    for (int i = 0; i < 4; i++)
        if (t->h[i] >> c & 1) return i;
    return -1;
}

/* The holder of the second-highest card in play of a class. */
static inline int second_holder(const FollowTrick *t, u64 km) {
    u64 cls = t->present & km;
    cls &= ~bit(highest(cls));
    return cls ? holder(t, highest(cls)) : -1;
}

/* The card of `hand` below its top run (cards gone between count as none), -1 if one run. */
static int below_top_run(const FollowTrick *t, u64 hand, u64 km, u64 also_gone) {
    int c = highest(hand);
    u64 rest = hand & ~bit(c);
    while (rest) {
        int n = highest(rest);
        u64 between = (bit(c) - 1) & ~((bit(n) << 1) - 1) & km;
        if ((between & (t->gone | also_gone)) != between) return n;
        c = n;
        rest &= ~bit(n);
    }
    return -1;
}

/* The cheapest candidate (by its run's top) above card `over`, or -1. */
static inline int cheapest_over(const int *tops, int n, u64 km, int over) {
    int best = -1;
    for (int i = 0; i < n; i++)
        if ((km >> tops[i] & 1) && tops[i] > over && (best < 0 || tops[i] < tops[best])) best = i;
    return best;
}

/* The candidate that forces out the fourth hand's top card cheapest (DDS's RankForcesAce), or -1. */
static int forces_top(const FollowTrick *t, const int *tops, int n, u64 fourth) {
    if (!fourth) return -1;
    int next = below_top_run(t, fourth, t->led, 0);
    if (next < 0) return -1;
    int second = (t->second >= 0 && (t->led >> t->second & 1)) ? t->second : -1;
    if (next > second) return cheapest_over(tops, n, t->led, next);
    if (t->winner == 1) return cheapest_over(tops, n, t->led, second);
    return -1;
}

/* The third hand's candidate put forward when it follows: the one that forces out the fourth
   hand's top card cheapest, or (no trump, the partner's lead sure to win) the one that overtakes a
   bare lead to run the class; -1 for none. Computed once a trick card, not once a candidate. */
static int third_hand_bonus(const FollowTrick *t, const int *tops, int n, u64 present) {
    u64 L = t->led, T = t->trumps, mine = t->h[2] & L, fourth = t->h[3] & L;
    int max4 = highest(fourth), min4 = lowest(fourth), max3 = highest(mine), lead = t->lead;
    int second = (t->second >= 0 && (L >> t->second & 1)) ? t->second : -1; /* it followed */
    int ruffed = T && L != T && (T >> t->second & 1);
    int too_low = max3 < min4 || max3 < second;
    int partner_sure = t->winner == 0 && lead > max4;
    if (T && !partner_sure && !too_low && max3 <= max4 && (L == T || (!ruffed && max4 >= 0)))
        return forces_top(t, tops, n, fourth);
    if (!T && partner_sure) {
        if ((t->h[0] & L) || holder(t, highest(present & L)) != 2) return -1;
        int opp = popc(fourth) - 1, lho = popc(t->h[1] & L);
        if (lho > opp) opp = lho;
        int run_len = 1, c = highest(mine);
        u64 rest = mine & ~bit(c);
        while (rest) {
            int next = highest(rest);
            u64 between = (bit(c) - 1) & ~((bit(next) << 1) - 1) & L;
            if ((between & (t->gone | bit(lead))) != between) break;
            run_len++;
            c = next;
            rest &= ~bit(next);
        }
        int over_lead = cheapest_over(tops, n, L, lead);
        return over_lead >= 0 && opp <= run_len - 1 ? over_lead : -1;
    }
    if (!T && !partner_sure && !too_low && max4 > max3 && max4 > second) return forces_top(t, tops, n, fourth);
    return -1;
}

static void order_pair_follows(const Kernel *k, const State *st, int *cands, const int *tops, int ncands,
                               const u64 *hands, int seat, int kk, i64 follow, int wcard, int wseat, u64 tmask,
                               u64 present) {
    Scored scored[MAXC];
    FollowTrick t;
    int leader = seat;
    for (int i = 0; i < kk; i++) leader = k->nxt[k->nxt[k->nxt[leader]]];
    int s = leader;
    for (int i = 0; i < 4; i++, s = k->nxt[s]) t.h[i] = hands[s];
    u64 in_play = st->trump_mask & present;
    t.trumps = in_play ? st->class_of[ctz(in_play)] : 0;
    t.led = (u64)follow;
    t.present = present;
    t.now = present & ~tmask;
    u64 deck = 0;
    for (int i = 0; i < st->nquick; i++) deck |= st->quick[i].kmask;
    t.gone = deck & ~present;
    t.winner = 0;
    for (int q = leader; q != wseat; q = k->nxt[q]) t.winner++;
    t.second = -1;
    if (kk == 1) {
        t.lead = wcard;
    } else {
        int other = ctz(tmask & ~bit(wcard));
        t.lead = t.winner == 0 ? wcard : other;
        t.second = t.winner == 0 ? other : wcard;
    }
    u64 L = t.led, T = t.trumps, mine = t.h[kk] & L;
    int lead = t.lead;
    int bonus = kk == 2 && mine ? third_hand_bonus(&t, tops, ncands, present) : -1;
    for (int i = 0; i < ncands; i++) {
        int c = cands[i], top = tops[i], run = top != c, w;
        u64 km = st->class_of[c];
        int r = rank_in(km, top);
        int from_top = popc((t.now & km) >> top); /* 1 for the highest card in play now */
        if (mine && kk == 1) {
            /* The second hand follows. */
            u64 third = t.h[2] & L, fourth = t.h[3] & L;
            int max3 = highest(third), min3 = lowest(third), max4 = highest(fourth), min4 = lowest(fourth);
            int low_anyway = (min3 >= 0 && min3 > top) || (min4 >= 0 && min4 > top); /* beaten anyway */
            if (!T) {
                if (max4 > lead && max4 > max3) w = -r; /* the partner beats both opponents */
                else if (top > lead && top > max3) w = 81 - r;
                else if (low_anyway) w = -3 + from_top;
                else if (top < lead) w = -11 + from_top;
                else if (run) w = 10 + from_top;
                else w = 13 - r;
            } else {
                u64 t3 = t.h[2] & T, t4 = t.h[3] & T;
                int win = 0;
                if (L == T) {
                    win = (max4 > lead && max4 > max3) || (top > lead && top > max3);
                } else if (top > lead && top > max3) {
                    win = max3 >= 0 || !t3 || (max4 < 0 && t4 && t4 > t3);
                } else if (max4 > lead && max4 > max3) {
                    win = max3 >= 0 || !t3;
                } else if (lead > max4 && lead > max3 && lead > top) {
                    win = max4 < 0 && t4 && (max3 >= 0 || !t3 || t4 > t3);
                } else {
                    win = max4 < 0 && t4; /* the partner ruffs */
                }
                if (win) {
                    if (min3 >= 0 && min3 > top) w = 40 + from_top; /* the partner must be winning */
                    else if (max4 > lead && (t.h[0] & L) > fourth) w = 41 + from_top;
                    else if (top > lead) {
                        if (top < max4) w = 78 - r;
                        else if (top > max3) w = 73 - r;
                        else if (run) w = 62 - r;
                        else w = 49 - r;
                    } else {
                        w = (max4 >= 0 ? 47 : 40) - r;
                    }
                } else if (low_anyway) {
                    w = -9 + from_top;
                } else if (top < lead) {
                    w = -16 + from_top;
                } else {
                    w = (run ? 22 : 10) - r;
                }
            }
        } else if (mine) {
            /* The third hand follows. */
            u64 fourth = t.h[3] & L;
            int max4 = highest(fourth), min4 = lowest(fourth), max3 = highest(mine);
            int second = (t.second >= 0 && (L >> t.second & 1)) ? t.second : -1; /* it followed */
            int ruffed = T && L != T && (T >> t.second & 1);
            int too_low = max3 < min4 || max3 < second;
            int partner_sure = t.winner == 0 && lead > max4;
            int over = top > second && top > max4;
            w = -r;
            if (T && L == T) {
                if (!partner_sure && !too_low && max3 > max4 && over) w = 58 - r;
            } else if (T && ruffed) {
                /* the second hand ruffed: follow low */
            } else if (T && t.winner == 0) {
                if (max4 >= 0 && lead <= max4 && !too_low) {
                    if (max3 > max4) {
                        if (top > max4) w = 58 - r;
                    } else if (over) {
                        w = 60 - r;
                    }
                }
            } else if (T) {
                if (max4 < 0) {
                    if (top > second) w = 20 - r;
                } else if (!too_low && over) {
                    w = (max3 > max4 ? 58 : 60) - r;
                }
            } else if (!partner_sure && !too_low && over) {
                w = 60 - r;
            }
            if (i == bonus) w += 20; /* forcing out the fourth hand's top, or overtaking to run the class */
        } else {
            /* Void: a discard, or a ruff. */
            int count = popc(t.h[kk] & km);
            u64 cls = present & km;
            int top_owner = holder(&t, highest(cls)), bare_second = count == 2 && second_holder(&t, km) == kk;
            int bare_top = count == 1 && top_owner == kk;
            if (kk == 1) {
                u64 third = t.h[2] & L, fourth = t.h[3] & L;
                int partner_can = fourth > (third | bit(lead)); /* the fourth hand beats the others */
                if (!T) {
                    int add = partner_can ? (count << 6) / 23 - (bare_second ? 2 : bare_top ? 3 : 0)
                                          : (count << 6) / 33 - (bare_second ? 6 : bare_top ? 8 : 0);
                    w = -r + add;
                } else {
                    u64 t3 = t.h[2] & T, t4 = t.h[3] & T;
                    int long44 = (count << 6) / 44, long36 = (count << 6) / 36 - (bare_second ? 4 : 0);
                    if (L == T) {
                        w = -r + (partner_can ? long44 : long36);
                    } else if (km != T) {
                        int good = third ? (partner_can || (!fourth && t4))
                                         : ((!fourth && t4 > t3) || (!t3 && fourth > bit(lead)));
                        w = -r + (good ? 60 + long44 : -2 + long36);
                    } else if (third || (!fourth && t4 && t4 > t3) || bit(top) > t3) {
                        w = 24 - r + long44; /* a ruff that stands */
                    } else {
                        w = 15 - r + long36; /* overruffed: make it costly */
                    }
                }
            } else if (!T) {
                w = -r + (count << 6) / 24 - ((bare_second || bare_top) ? 4 : 0);
            } else {
                u64 fourth = t.h[3] & L, t4 = t.h[3] & T;
                int max4 = highest(fourth), long50 = (count << 6) / 50;
                if (L == T || km != T) {
                    w = -r + (count << 6) / 40; /* a discard from a long class */
                } else if (t.winner == 0 && lead > max4 && (max4 >= 0 || !t4)) {
                    w = -r - 50; /* do not ruff the partner's sure winner */
                } else if (t.second >= 0 && (T >> t.second & 1) && top < t.second) {
                    w = -32 + from_top + (count << 6) / 40; /* an underruff */
                } else if (t.winner == 0) {
                    if (max4 >= 0) w = (second_holder(&t, L) == 0 ? 36 : 48) - r + long50;
                    else w = (bit(top) > t4 ? 48 : -12) - r + long50;
                } else if (max4 >= 0) {
                    w = 72 - r + long50;
                } else {
                    w = (bit(top) > t4 ? 48 : 36) - r + long50;
                }
            }
        }
        scored[i].score = w;
        scored[i].card = c;
    }
    sort_scored(scored, cands, ncands);
}

/* ---------------------------------------------------------------- the search */

/* time.monotonic()'s clock, in seconds */
static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* What stays fixed while a trick is played. */
typedef struct {
    int live;
    const Prog *prog;
    int target, left;
    u64 present;
} Frame;

static int inner(Kernel *k, u64 *hands, int seat, int kk, int pending, i64 follow, int wcard, int wseat,
                 u64 tmask, const Frame *f, u64 *relout);

/* Can the side reach target from a trick boundary (trick empty, leader to lead)? */
static int boundary(Kernel *k, u64 *hands, int leader, int live, const Prog *prog, int target, int left,
                    u64 present, u64 *relout) {
    const Objective *o = &k->obj;
    const State *st = k->states[live];
    k->nodes++;
    *relout = 0;
    if (k->deadline > 0 && !(k->nodes & 1023) && now_seconds() > k->deadline) k->timed_out = 1;
    if (k->node_limit > 0 && k->nodes > k->node_limit) k->timed_out = 1;
    if (k->timed_out) return 0;
    int lo, hi;
    if (o->additive) {
        if (target <= 0) return 1;
        if (target > left) return 0;
        lo = 0;
        hi = left;
    } else {
        obj_bounds(o, prog, left, &lo, &hi);
        if (lo >= target) return 1;
        if (hi < target) return 0;
        if (left == 0) return obj_final(o, prog, live) >= target;
    }
    if (o->additive && left == 1 && k->equal_sizes) {
        /* The last trick: every hand plays its one card. */
        int win = bitlen(hands[leader]) - 1, ws = leader;
        u64 tm = bit(win);
        for (int s = k->nxt[leader]; s != leader; s = k->nxt[s]) {
            int c = bitlen(hands[s]) - 1;
            tm |= bit(c);
            if (st->beaters[win] >> c & 1) {
                win = c;
                ws = s;
            }
        }
        *relout = (tm & st->class_of[win] & ~bit(win)) ? bit(win) : 0;
        return k->sideof[ws];
    }
    Shape sh;
    make_key(k, hands, leader, live, prog, present, &sh);
    int found = lookup(k, left, &sh, target, present, relout);
    if (found >= 0) return found;
    if (o->monotone) {
        u64 qrel;
        if (pair_rules(st, present)) {
            /* two partnerships: the count that stops at the tricks the question needs */
            int q, need = k->sideof[leader] ? target : left - target + 1;
            if (pair_quick(k, st, hands, leader, present, need, &q, &qrel)) {
                *relout = qrel;
                if (k->sideof[leader]) {
                    store(k, left, &sh, qrel, present, q, left);
                    return 1;
                }
                store(k, left, &sh, qrel, present, 0, left - q);
                return 0;
            }
        } else {
            int q = quick(k, st, hands, leader, present, &qrel);
            if (k->sideof[leader]) {
                if (q >= target) {
                    store(k, left, &sh, qrel, present, q, left);
                    *relout = qrel;
                    return 1;
                }
            } else if (left - q < target) {
                store(k, left, &sh, qrel, present, 0, left - q);
                *relout = qrel;
                return 0;
            }
        }
        if (st->ranked) {
            /* nobody need follow and the strongest card wins: each side's sure tricks */
            int mine, theirs;
            sure_tricks(k, st, hands, present, left, &mine, &theirs);
            int lone = k->lone_after[leader];
            if ((!mine || !theirs) && lone >= 0 && lone_last_trick(k, st, hands, present, left, lone)) {
                /* a seat alone on its side, last to play to this trick: one sure trick more often */
                if (k->sideof[lone])
                    mine = max2(mine, 1);
                else
                    theirs = max2(theirs, 1);
            }
            if (mine >= target) {
                store(k, left, &sh, 0, present, mine, left);
                return 1;
            }
            if (left - theirs < target) {
                store(k, left, &sh, 0, present, 0, left - theirs);
                return 0;
            }
            lo = mine;
            hi = left - theirs;
        } else if (k->single_state && (present & st->trumps)) {
            int mine, theirs;
            u64 srel, trel;
            sure_trumps(k, st, hands, present, left, &mine, &theirs, &srel, &trel);
            if (mine >= target) {
                store(k, left, &sh, srel, present, mine, left);
                *relout = srel;
                return 1;
            }
            if (left - theirs < target) {
                store(k, left, &sh, trel, present, 0, left - theirs);
                *relout = trel;
                return 0;
            }
        } else if (o->additive && (k->sideof[leader] ? target == left : target == 1)) {
            u64 lrel;
            if (later_tricks(k, st, hands, leader, present, left, &lrel)) {
                *relout = lrel;
                if (k->sideof[leader]) {
                    store(k, left, &sh, lrel, present, 0, left - 1);
                    return 0;
                }
                store(k, left, &sh, lrel, present, 1, left);
                return 1;
            }
        }
    }
    Frame f = {live, prog, target, left, present};
    u64 rel;
    int result = inner(k, hands, leader, 0, live, -1, -1, leader, 0, &f, &rel);
    if (k->timed_out) return 0; /* an unfinished answer is not stored */
    if (result)
        store(k, left, &sh, rel, present, target, hi);
    else
        store(k, left, &sh, rel, present, lo, target - 1);
    *relout = rel;
    return result;
}

/* Can the side reach the frame's target, `seat` to play the (kk+1)-th card of the trick?
   pending: the state for the next trick; follow: the class to follow (-1 before a class is
   set, 0 for none); wcard, wseat: the card winning so far and its seat; tmask: the trick. */
static int inner(Kernel *k, u64 *hands, int seat, int kk, int pending, i64 follow, int wcard, int wseat,
                 u64 tmask, const Frame *f, u64 *relout) {
    const State *st = k->states[f->live];
    u64 hand = hands[seat];
    if (kk == 1 && follow > 0 && f->target >= 1 && f->target <= f->left && pair_rules(st, f->present)) {
        /* the second hand's side sure of the trick and of the tricks the question needs */
        int need = k->sideof[seat] ? f->target : f->left - f->target + 1;
        u64 srel;
        if (second_hand_quick(k, st, hands, seat, (u64)follow, wcard, f->present, need, &srel)) {
            *relout = srel;
            return k->sideof[seat];
        }
    }
    u64 legal = legal_cards(st, hand, follow);
    /* Equivalent cards: keep the lowest of each run that nothing outside the hand splits. */
    u64 outside = f->present & ~hand;
    int cands[MAXC], ncands = 0;
    int tops[MAXC]; /* each candidate's run by its highest card */
    int run_lo[MAXC], run_hi[MAXC], nruns = 0;
    int prev = -1, first = -1;
    int seq[MAXC], nseq = 0;
    for (u64 x = legal; x; x &= x - 1) seq[nseq++] = ctz(x);
    if (st->ranked) {
        /* nobody need follow: the whole hand weakest first, so that equivalent cards of different
           suits (equal numbers, or nothing left between them) meet */
        for (int a = 1; a < nseq; a++) {
            int c = seq[a], r = st->strength_rank[c], b = a;
            for (; b > 0 && st->strength_rank[seq[b - 1]] > r; b--) seq[b] = seq[b - 1];
            seq[b] = c;
        }
    }
    for (int q = 0; q < nseq; q++) {
        int c = seq[q];
        if (prev >= 0) {
            i64 sp = prev < c ? k->span[prev * k->size + c] : k->span[c * k->size + prev];
            if (sp >= 0 && !((u64)sp & outside)) {
                prev = c;
                tops[ncands - 1] = c; /* first, the run's lowest card, is the last candidate */
                if (nruns && run_lo[nruns - 1] == first) {
                    run_hi[nruns - 1] = c;
                } else {
                    run_lo[nruns] = first;
                    run_hi[nruns] = c;
                    nruns++;
                }
                continue;
            }
        }
        tops[ncands] = c;
        cands[ncands++] = c;
        prev = first = c;
    }
    if (ncands > 1) {
        if (kk <= 2 && pair_rules(st, f->present)) {
            if (kk == 0)
                order_pair_leads(k, st, cands, tops, ncands, hands, seat, f->present, k->killer[f->left]);
            else
                order_pair_follows(k, st, cands, tops, ncands, hands, seat, kk, follow, wcard, wseat, tmask,
                                   f->present);
        } else if (kk == 0)
            order_leads(k, st, cands, ncands, hands, seat, outside, k->killer[f->left]);
        else
            order_follows(k, st, cands, ncands, legal, hands, seat, kk, follow, wcard, wseat);
    }
    int mine = k->sideof[seat];
    int last = kk == k->m - 1;
    int nseat = k->nxt[seat];
    u64 rel = 0;
    /* Lowest win (DDS): per group, the card below which this hand's cards are known to fail. */
    u64 floors[MAXG];
    unsigned floored = 0;
    for (int i = 0; i < ncands; i++) {
        int c = cands[i];
        u64 b = bit(c);
        int gi = k->partition ? k->group_index[c] : -1;
        if (gi >= 0 && (floored >> gi & 1) && b < floors[gi]) continue;
        hands[seat] = hand ^ b;
        int nw, ns;
        if (wcard < 0 || (st->beaters[wcard] >> c & 1)) {
            nw = c;
            ns = seat;
        } else {
            nw = wcard;
            ns = wseat;
        }
        u64 nmask = tmask | b;
        /* The ways to play c: the plain play, and what it may declare (24). */
        int ndecl = 1;
        int8_t plain = (int8_t)pending;
        const int8_t *nexts = &plain;
        if ((k->declaring >> c & 1) && k->ndecl[pending][c]) {
            ndecl = k->ndecl[pending][c];
            nexts = k->decl[pending][c];
        }
        for (int d = 0; d < ndecl; d++) {
            int npend = nexts[d];
            u64 crel;
            int res;
            if (last) {
                if (k->obj.additive) {
                    res = boundary(k, hands, ns, npend, f->prog, k->sideof[ns] ? f->target - 1 : f->target,
                                   f->left - 1, f->present & ~nmask, &crel);
                } else {
                    Prog np;
                    after_trick(&k->obj, f->prog, ns, nmask, &np);
                    res = boundary(k, hands, ns, npend, &np, f->target, f->left - 1, f->present & ~nmask, &crel);
                }
                /* the winner beat a card of its class: its rank counts */
                if (nmask & st->class_of[nw] & ~bit(nw)) crel |= bit(nw);
            } else {
                i64 nf = follow == -1 ? (kk ? st->late_follow[c] : st->lead_follow[c]) : follow;
                res = inner(k, hands, nseat, kk + 1, npend, nf, nw, ns, nmask, f, &crel);
            }
            if (res == mine) {
                if (kk == 0) k->killer[f->left] = c;
                hands[seat] = hand;
                *relout = crel;
                return res;
            }
            rel |= crel;
        }
        if (gi >= 0 && !(floored >> gi & 1)) {
            /* A refuted card below every card whose rank the refutations rested on: any other
               card of its group below them is refuted the same way (swap the two cards in every
               line), so it need not be tried. */
            u64 relevant = rel & k->group_of[c];
            u64 floor = relevant ? lowbit(relevant) : (u64)1 << 63;
            if (b < floor) {
                floors[gi] = floor;
                floored |= 1u << gi;
            }
        }
    }
    hands[seat] = hand;
    if (k->partition) {
        /* Cards skipped as equivalent must stay equivalent wherever this answer is reused:
           a run reaching into the relevant cards joins them whole. */
        for (int i = 0; i < nruns; i++) {
            u64 g = rel & k->group_of[run_lo[i]];
            if (g && bit(run_hi[i]) >= lowbit(g)) rel |= bit(run_lo[i]);
        }
    }
    *relout = rel;
    return !mine;
}

/* ---------------------------------------------------------------- Python glue */

#ifdef WITH_POPCNT
#pragma GCC pop_options
#endif

static int read_u64_list(PyObject *seq, u64 *out, int n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: expected %d items", what, n);
        Py_DECREF(fast);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        out[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static int read_i64_list(PyObject *seq, i64 *out, int n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: expected %d items", what, n);
        Py_DECREF(fast);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        out[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static int read_int_list(PyObject *seq, int *out, int n, const char *what) {
    i64 tmp[64];
    if (n > 64) {
        PyErr_Format(PyExc_ValueError, "%s: too long", what);
        return -1;
    }
    if (read_i64_list(seq, tmp, n, what) < 0) return -1;
    for (int i = 0; i < n; i++) out[i] = (int)tmp[i];
    return 0;
}

/* A list of up to `most` small ints; its length in *n. */
static int read_small_list(PyObject *seq, int *out, int most, int *n, const char *what) {
    Py_ssize_t len = PySequence_Size(seq);
    if (len < 0) return -1;
    if (len > most) {
        PyErr_Format(PyExc_ValueError, "%s: too long", what);
        return -1;
    }
    *n = (int)len;
    return read_int_list(seq, out, (int)len, what);
}

static PyObject *item(PyObject *dict, const char *name) {
    PyObject *v = PyDict_GetItemString(dict, name); /* borrowed */
    if (!v) PyErr_Format(PyExc_KeyError, "kernel tables: %s missing", name);
    return v;
}

static int item_int(PyObject *dict, const char *name, int *out) {
    PyObject *v = item(dict, name);
    if (!v) return -1;
    long x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred()) return -1;
    *out = (int)x;
    return 0;
}

static int item_u64(PyObject *dict, const char *name, u64 *out) {
    PyObject *v = item(dict, name);
    if (!v) return -1;
    *out = PyLong_AsUnsignedLongLong(v);
    return PyErr_Occurred() ? -1 : 0;
}

static int read_state(Kernel *k, PyObject *d, State *st) {
    int size = k->size;
    PyObject *v;
    int truth;
    if (!(v = item(d, "beaters")) || read_u64_list(v, st->beaters, size, "beaters") < 0) return -1;
    if (!(v = item(d, "lead_follow")) || read_i64_list(v, st->lead_follow, size, "lead_follow") < 0) return -1;
    if (!(v = item(d, "late_follow")) || read_i64_list(v, st->late_follow, size, "late_follow") < 0) return -1;
    if (item_u64(d, "free", &st->free_mask) < 0 || item_u64(d, "wizards", &st->wizards) < 0) return -1;
    if (!(v = item(d, "power")) || read_int_list(v, st->power, size, "power") < 0) return -1;
    if (!(v = item(d, "stronger")) || read_u64_list(v, st->stronger, size, "stronger") < 0) return -1;
    if (!(v = item(d, "class_of")) || read_u64_list(v, st->class_of, size, "class_of") < 0) return -1;
    if (item_u64(d, "trump_mask", &st->trump_mask) < 0) return -1;
    if (!(v = item(d, "strength")) || read_i64_list(v, st->strength, size, "strength") < 0) return -1;
    if (!(v = item(d, "tp")) || read_i64_list(v, st->tp, size, "tp") < 0) return -1;
    const char *flags[] = {"structured", "must_follow", "ascending", "plain", "ranked"};
    int *targets[] = {&st->structured, &st->must_follow, &st->ascending, &st->plain, &st->ranked};
    for (int i = 0; i < (int)(sizeof(flags) / sizeof(flags[0])); i++) {
        if (!(v = item(d, flags[i])) || (truth = PyObject_IsTrue(v)) < 0) return -1;
        *targets[i] = truth;
    }
    /* quick: a list of (class mask, mode, cards by strength, outside trumps) */
    if (!(v = item(d, "quick"))) return -1;
    PyObject *qf = PySequence_Fast(v, "quick");
    if (!qf) return -1;
    st->nquick = (int)PySequence_Fast_GET_SIZE(qf);
    if (st->nquick > MAXQ) {
        Py_DECREF(qf);
        PyErr_SetString(PyExc_ValueError, "too many classes for the kernel");
        return -1;
    }
    for (int i = 0; i < st->nquick; i++) {
        PyObject *order;
        unsigned long long kmask, outside;
        int mode, tmp[MAXC], n;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(qf, i), "KiOK", &kmask, &mode, &order, &outside) ||
            read_small_list(order, tmp, MAXC, &n, "order") < 0) {
            Py_DECREF(qf);
            return -1;
        }
        st->quick[i].kmask = kmask;
        st->quick[i].mode = mode;
        st->quick[i].outside = outside;
        st->quick[i].norder = n;
        for (int j = 0; j < n; j++) st->quick[i].order[j] = (int8_t)tmp[j];
    }
    Py_DECREF(qf);
    int tmp[MAXC];
    if (!(v = item(d, "trumps_desc")) || read_small_list(v, tmp, MAXC, &st->ntrumps, "trumps_desc") < 0) return -1;
    st->trumps = 0;
    for (int j = 0; j < st->ntrumps; j++) {
        st->trumps_desc[j] = (int8_t)tmp[j];
        st->trumps |= bit(tmp[j]);
    }
    if (!(v = item(d, "strength_desc")) || read_small_list(v, tmp, MAXC, &st->nstrength, "strength_desc") < 0)
        return -1;
    if (st->ranked && st->nstrength != size) {
        PyErr_SetString(PyExc_ValueError, "strength_desc must name every card of a ranked state");
        return -1;
    }
    for (int j = 0; j < st->nstrength; j++) {
        st->strength_desc[j] = (int8_t)tmp[j];
        st->strength_rank[tmp[j]] = (int8_t)(st->nstrength - 1 - j);
    }
    if (!(v = item(d, "levels"))) return -1;
    st->nlevels = (int)PySequence_Length(v);
    if (st->nlevels < 0) return -1;
    if (st->nlevels > MAXC) {
        PyErr_SetString(PyExc_ValueError, "too many levels for the kernel");
        return -1;
    }
    if (read_u64_list(v, st->levels, st->nlevels, "levels") < 0) return -1;
    return 0;
}

static const char *TASKS[] = {"no-tricks", "colour", "exactly", "last-trick", "most-tricks", "fewest-tricks", NULL};

static int read_objective(Kernel *k, PyObject *d) {
    Objective *o = &k->obj;
    PyObject *v;
    memset(o, 0, sizeof(*o));
    static const char *KINDS[] = {"tricks", "exact", "task", "points", NULL};
    if (!(v = item(d, "kind"))) return -1;
    const char *kind = PyUnicode_AsUTF8(v);
    if (!kind) return -1;
    o->kind = -1;
    for (int i = 0; KINDS[i]; i++)
        if (strcmp(kind, KINDS[i]) == 0) o->kind = i;
    o->owner = -1;
    switch (o->kind) {
    case OBJ_TRICKS:
        o->additive = o->monotone = 1;
        break;
    case OBJ_EXACT: {
        int side[MAXP], n;
        if (item_int(d, "k", &o->k) < 0 || !(v = item(d, "side")) || read_small_list(v, side, MAXP, &n, "side") < 0)
            return -1;
        for (int i = 0; i < n; i++) o->side |= 1u << side[i];
        o->plen = 1;
        break;
    }
    case OBJ_TASK: {
        int seats[MAXP], n;
        if (!(v = item(d, "task"))) return -1;
        const char *name = PyUnicode_AsUTF8(v);
        if (!name) return -1;
        o->task = -1;
        for (int i = 0; TASKS[i]; i++)
            if (strcmp(name, TASKS[i]) == 0) o->task = i;
        if (o->task < 0) {
            PyErr_Format(PyExc_ValueError, "unknown task kind %s", name);
            return -1;
        }
        if (item_int(d, "seat", &o->seat) < 0 || item_int(d, "owner", &o->owner) < 0 ||
            item_int(d, "cap", &o->cap) < 0 || item_u64(d, "colour_mask", &o->colour_mask) < 0)
            return -1;
        o->players = k->players;
        if (o->cap > 255) o->cap = 255;
        if (!(v = item(d, "watched")) || read_small_list(v, seats, MAXP, &n, "watched") < 0) return -1;
        for (int i = 0; i < n; i++) o->watched |= 1u << seats[i];
        if (!(v = item(d, "counted")) || read_small_list(v, seats, MAXP, &n, "counted") < 0) return -1;
        for (int i = 0; i < n; i++) o->counted |= 1u << seats[i];
        o->plen = o->players + 2;
        break;
    }
    case OBJ_POINTS: {
        if (!(v = item(d, "side")) || read_small_list(v, o->side_seats, MAXP, &o->nside, "side") < 0) return -1;
        if (item_int(d, "most", &o->most) < 0 || item_int(d, "lo", &o->range_lo) < 0 ||
            item_int(d, "hi", &o->range_hi) < 0)
            return -1;
        o->nstates = k->nstates;
        int n = o->nside * (o->most + 1) * o->nstates;
        o->points = malloc(sizeof(int) * (n ? n : 1));
        if (!o->points) {
            PyErr_NoMemory();
            return -1;
        }
        if (!(v = item(d, "points"))) return -1;
        i64 *tmp = malloc(sizeof(i64) * (n ? n : 1));
        if (!tmp) {
            PyErr_NoMemory();
            return -1;
        }
        if (read_i64_list(v, tmp, n, "points") < 0) {
            free(tmp);
            return -1;
        }
        for (int i = 0; i < n; i++) o->points[i] = (int)tmp[i];
        free(tmp);
        o->plen = o->nside;
        int m = o->most + 1;
        o->points_bounds = malloc(sizeof(int) * 2 * (size_t)(o->nside > 0 ? o->nside * m * m : 1));
        if (!o->points_bounds) {
            PyErr_NoMemory();
            return -1;
        }
        for (int i = 0; i < o->nside; i++)
            for (int won = 0; won < m; won++)
                for (int more = 0; won + more < m; more++) {
                    int lo = INT_MAX, hi = INT_MIN;
                    for (int t = won; t <= won + more; t++)
                        for (int st = 0; st < o->nstates; st++) {
                            int v = -o->points[(i * m + t) * o->nstates + st];
                            if (v < lo) lo = v;
                            if (v > hi) hi = v;
                        }
                    int *b = o->points_bounds + ((i * m + won) * m + more) * 2;
                    b[0] = lo;
                    b[1] = hi;
                }
        break;
    }
    default:
        PyErr_SetString(PyExc_ValueError, "unknown objective kind");
        return -1;
    }
    return 0;
}

/* The Python progress of the objective (see solvers/objectives.py) as a Prog. */
static int read_prog(const Kernel *k, PyObject *prog, Prog *p) {
    const Objective *o = &k->obj;
    memset(p, 0, sizeof(*p));
    p->last = -1;
    if (o->kind == OBJ_TRICKS) return 0;
    if (o->kind == OBJ_EXACT) {
        long x = PyLong_AsLong(prog);
        if (x == -1 && PyErr_Occurred()) return -1;
        p->won[0] = (uint8_t)x;
        return 0;
    }
    int won[MAXP] = {0}, n; /* zero past the list's end */
    if (o->kind == OBJ_POINTS) {
        if (read_small_list(prog, won, MAXP, &n, "progress") < 0) return -1;
        for (int i = 0; i < MAXP; i++) p->won[i] = (uint8_t)won[i];
        return 0;
    }
    PyObject *wonl;
    int flags, last;
    if (!PyArg_ParseTuple(prog, "Oii", &wonl, &flags, &last)) return -1;
    if (read_small_list(wonl, won, MAXP, &n, "progress") < 0) return -1;
    for (int i = 0; i < MAXP; i++) p->won[i] = (uint8_t)(won[i] > 255 ? 255 : won[i]);
    p->flags = (uint8_t)flags;
    p->last = (int8_t)last;
    return 0;
}

static void Kernel_dealloc(Kernel *k) {
    if (k->levels) {
        for (int i = 0; i < k->nlevels; i++) level_clear(&k->levels[i]);
        free(k->levels);
    }
    for (int s = 0; s < MAXS; s++) free(k->states[s]);
    free(k->span);
    free(k->obj.points);
    free(k->obj.points_bounds);
    Py_TYPE(k)->tp_free((PyObject *)k);
}

static const char *init_kwlist[] = {"size",       "players",  "seats",     "nxt",      "sideof",
                                    "states",     "declarations", "declaring", "span",  "key_groups", "absolute",
                                    "group_of",   "partition", "equal_sizes", "objective", "max_left",
                                    "tt_limit",   NULL};

static int Kernel_init(Kernel *k, PyObject *args, PyObject *kw) {
    int size, players, partition, equal_sizes, max_left;
    long long tt_limit;
    PyObject *seats, *nxt, *sideof, *states, *declarations, *span, *key_groups, *group_of, *objective;
    unsigned long long absolute, declaring;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iiOOOOOKOOKOppOiL", (char **)init_kwlist, &size, &players, &seats,
                                     &nxt, &sideof, &states, &declarations, &declaring, &span, &key_groups, &absolute,
                                     &group_of, &partition, &equal_sizes, &objective, &max_left, &tt_limit))
        return -1;
    if (k->levels) {
        PyErr_SetString(PyExc_RuntimeError, "a kernel is set up once");
        return -1;
    }
    if (size < 1 || size > MAXC || players < 1 || players > MAXP) {
        PyErr_SetString(PyExc_ValueError, "deck or table too large for the kernel");
        return -1;
    }
    k->size = size;
    k->players = players;
    for (int i = 0; i <= MAXC; i++) k->killer[i] = -1;
    if (read_small_list(seats, k->seats, players, &k->m, "seats") < 0) return -1;
    if (k->m < 1) {
        PyErr_SetString(PyExc_ValueError, "bad seats");
        return -1;
    }
    if (read_int_list(nxt, k->nxt, players, "nxt") < 0) return -1;
    if (read_int_list(sideof, k->sideof, players, "sideof") < 0) return -1;
    for (int p = 0; p < players; p++) {
        k->nothers[p] = 0;
        k->npartners[p] = 0;
        for (int i = 0; i < k->m; i++)
            if (k->seats[i] != p) {
                k->others[p][k->nothers[p]++] = k->seats[i];
                if (k->sideof[k->seats[i]] == k->sideof[p]) k->partners[p][k->npartners[p]++] = k->seats[i];
            }
    }
    /* states: one dict of tables per rule state, None where the round cannot reach it */
    PyObject *sf = PySequence_Fast(states, "states");
    if (!sf) return -1;
    k->nstates = (int)PySequence_Fast_GET_SIZE(sf);
    if (k->nstates < 1 || k->nstates > MAXS) {
        Py_DECREF(sf);
        PyErr_SetString(PyExc_ValueError, "too many states for the kernel");
        return -1;
    }
    int reachable = 0;
    for (int s = 0; s < k->nstates; s++) {
        PyObject *d = PySequence_Fast_GET_ITEM(sf, s);
        if (d == Py_None) continue;
        k->states[s] = calloc(1, sizeof(State));
        if (!k->states[s]) {
            Py_DECREF(sf);
            PyErr_NoMemory();
            return -1;
        }
        if (!PyDict_Check(d) || read_state(k, d, k->states[s]) < 0) {
            Py_DECREF(sf);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a state's tables must be a dict");
            return -1;
        }
        reachable++;
    }
    Py_DECREF(sf);
    k->single_state = reachable == 1;
    /* declarations: {(pending state, card): [next pending state, ...]} */
    PyObject *dk, *dv;
    Py_ssize_t pos = 0;
    if (!PyDict_Check(declarations)) {
        PyErr_SetString(PyExc_TypeError, "declarations must be a dict");
        return -1;
    }
    while (PyDict_Next(declarations, &pos, &dk, &dv)) {
        int state, card, nexts[MAXD], n;
        if (!PyArg_ParseTuple(dk, "ii", &state, &card) || read_small_list(dv, nexts, MAXD, &n, "declarations") < 0)
            return -1;
        if (state < 0 || state >= k->nstates || card < 0 || card >= size) {
            PyErr_SetString(PyExc_ValueError, "a declaration out of range");
            return -1;
        }
        for (int j = 0; j < n; j++) {
            if (nexts[j] < 0 || nexts[j] >= k->nstates) {
                PyErr_SetString(PyExc_ValueError, "a declaration's state out of range");
                return -1;
            }
            k->decl[state][card][j] = (int8_t)nexts[j];
        }
        k->ndecl[state][card] = (int8_t)n;
    }
    k->declaring = declaring;
    k->span = malloc(sizeof(i64) * size * size);
    if (!k->span) {
        PyErr_NoMemory();
        return -1;
    }
    if (read_i64_list(span, k->span, size * size, "span") < 0) return -1;
    PyObject *gf = PySequence_Fast(key_groups, "key_groups");
    if (!gf) return -1;
    k->ngroups = (int)PySequence_Fast_GET_SIZE(gf);
    if (k->ngroups > MAXG) {
        Py_DECREF(gf);
        PyErr_SetString(PyExc_ValueError, "too many key groups for the kernel");
        return -1;
    }
    for (int g = 0; g < k->ngroups; g++) {
        int shift;
        unsigned long long gm;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(gf, g), "iK", &shift, &gm)) {
            Py_DECREF(gf);
            return -1;
        }
        if (gm >> 14) {
            Py_DECREF(gf);
            PyErr_SetString(PyExc_ValueError, "a key group wider than 14 cards");
            return -1;
        }
        k->gshift[g] = shift;
        k->gmask[g] = gm;
    }
    k->gall = 0;
    k->gdisjoint = 1;
    for (int g = 0; g < k->ngroups; g++) {
        if (k->gall & k->gmask[g] << k->gshift[g]) k->gdisjoint = 0;
        k->gall |= k->gmask[g] << k->gshift[g];
    }
    Py_DECREF(gf);
    k->absolute = absolute;
    if (read_u64_list(group_of, k->group_of, size, "group_of") < 0) return -1;
    for (int c = 0; c < size; c++) {
        k->group_index[c] = -1;
        for (int g = 0; g < k->ngroups; g++)
            if (k->group_of[c] && k->group_of[c] == k->gmask[g] << k->gshift[g]) k->group_index[c] = g;
    }
    k->partition = partition;
    k->equal_sizes = equal_sizes;
    if (!PyDict_Check(objective)) {
        PyErr_SetString(PyExc_TypeError, "objective must be a dict");
        return -1;
    }
    if (read_objective(k, objective) < 0) return -1;
    k->pairs = k->m == 4;
    for (int i = 0; i < k->m; i++)
        if (k->sideof[k->seats[i]] == k->sideof[k->nxt[k->seats[i]]]) k->pairs = 0;
    for (int s = 0; s < MAXP; s++) k->lone_after[s] = -1;
    for (int side = 0; side < 2 && k->m > 1; side++) {
        int members = 0, member = -1;
        for (int i = 0; i < k->m; i++)
            if (k->sideof[k->seats[i]] == side) {
                members++;
                member = k->seats[i];
            }
        if (members == 1) k->lone_after[k->nxt[member]] = member;
    }
    for (int s = 0; s < k->nstates; s++) {
        State *st = k->states[s];
        if (st)
            st->pair_plain = k->pairs && st->plain && st->structured && !k->declaring && k->equal_sizes &&
                             k->obj.additive;
    }
    if (partition && !k->single_state) {
        PyErr_SetString(PyExc_ValueError, "partition search needs one state");
        return -1;
    }
    k->ranked = 0;
    if (k->single_state)
        for (int s = 0; s < k->nstates; s++)
            if (k->states[s] && k->states[s]->ranked) k->ranked = 1;
    k->klen = 1 + (partition ? 0 : 1) + (k->obj.additive ? 0 : k->obj.plen) +
              k->ngroups * k->m * (partition ? 1 : 2) + (k->ranked ? 8 * (k->m + 1) : absolute ? 8 * k->m : 0);
    k->nlevels = max_left + 1;
    k->levels = calloc(k->nlevels, sizeof(Level));
    if (!k->levels) {
        PyErr_NoMemory();
        return -1;
    }
    k->tt_limit = tt_limit;
    k->entries = 0;
    k->evictions = 0;
    k->nodes = 0;
    k->deadline = 0.0;
    k->timed_out = 0;
    k->node_limit = 0;
    return 0;
}

static int read_hands(const Kernel *k, PyObject *hl, u64 *hands) {
    return read_u64_list(hl, hands, k->players, "hands");
}

static PyObject *finish(Kernel *k, int result, u64 rel) {
    if (k->oom) {
        k->oom = 0;
        return PyErr_NoMemory();
    }
    if (k->timed_out) {
        k->timed_out = 0;
        PyErr_SetString(PyExc_TimeoutError, "the search ran past its deadline");
        return NULL;
    }
    return Py_BuildValue("(OK)", result ? Py_True : Py_False, (unsigned long long)rel);
}

static int check_call(const Kernel *k, int left, int live, int pending) {
    if (!k->levels) {
        PyErr_SetString(PyExc_RuntimeError, "the kernel is not set up");
        return -1;
    }
    if (left < 0 || left >= k->nlevels) {
        PyErr_SetString(PyExc_ValueError, "tricks left out of range");
        return -1;
    }
    if (live < 0 || live >= k->nstates || !k->states[live] || pending < 0 || pending >= k->nstates) {
        PyErr_SetString(PyExc_ValueError, "state out of range");
        return -1;
    }
    return 0;
}

/* boundary(hands, leader, live, prog, target, left, present) -> (bool, rel) */
static PyObject *Kernel_boundary(Kernel *k, PyObject *args) {
    PyObject *hl, *prog;
    int leader, live, target, left;
    unsigned long long present;
    if (!PyArg_ParseTuple(args, "OiiOiiK", &hl, &leader, &live, &prog, &target, &left, &present)) return NULL;
    u64 hands[MAXP];
    Prog p;
    if (check_call(k, left, live, live) < 0 || read_hands(k, hl, hands) < 0 || read_prog(k, prog, &p) < 0)
        return NULL;
    u64 rel;
    int r = boundary(k, hands, leader, live, &p, target, left, present, &rel);
    return finish(k, r, rel);
}

/* inner(hands, seat, k, pending, follow, wcard, wseat, tmask, (live, prog, target, left, present)) */
static PyObject *Kernel_inner(Kernel *k, PyObject *args) {
    PyObject *hl, *prog;
    int seat, kk, live, pending, wcard, wseat, target, left;
    long long follow;
    unsigned long long tmask, present;
    if (!PyArg_ParseTuple(args, "OiiiLiiK(iOiiK)", &hl, &seat, &kk, &pending, &follow, &wcard, &wseat, &tmask,
                          &live, &prog, &target, &left, &present))
        return NULL;
    u64 hands[MAXP];
    Prog p;
    if (check_call(k, left, live, pending) < 0 || read_hands(k, hl, hands) < 0 || read_prog(k, prog, &p) < 0)
        return NULL;
    u64 rel;
    Frame f = {live, &p, target, left, present};
    int r = inner(k, hands, seat, kk, pending, follow, wcard, wseat, tmask, &f, &rel);
    return finish(k, r, rel);
}

static PyObject *Kernel_get_nodes(Kernel *k, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(k->nodes);
}

static PyObject *Kernel_get_deadline(Kernel *k, void *closure) {
    (void)closure;
    return PyFloat_FromDouble(k->deadline);
}

static int Kernel_set_deadline(Kernel *k, PyObject *value, void *closure) {
    (void)closure;
    double d = value == NULL || value == Py_None ? 0.0 : PyFloat_AsDouble(value);
    if (d == -1.0 && PyErr_Occurred()) return -1;
    k->deadline = d > 0 ? d : 0.0;
    return 0;
}

static PyObject *Kernel_get_node_limit(Kernel *k, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(k->node_limit);
}

static int Kernel_set_node_limit(Kernel *k, PyObject *value, void *closure) {
    (void)closure;
    long long n = value == NULL || value == Py_None ? 0 : PyLong_AsLongLong(value);
    if (n == -1 && PyErr_Occurred()) return -1;
    k->node_limit = n > 0 ? n : 0;
    return 0;
}

static PyObject *Kernel_get_entries(Kernel *k, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(k->entries);
}

static PyMethodDef Kernel_methods[] = {
    {"boundary", (PyCFunction)Kernel_boundary, METH_VARARGS,
     "boundary(hands, leader, live, prog, target, left, present) -> (bool, relevant cards)"},
    {"inner", (PyCFunction)Kernel_inner, METH_VARARGS,
     "inner(hands, seat, k, pending, follow, wcard, wseat, tmask, (live, prog, target, left, present))"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Kernel_getset[] = {
    {"nodes", (getter)Kernel_get_nodes, NULL, "trick-boundary nodes searched", NULL},
    {"entries", (getter)Kernel_get_entries, NULL, "transposition table entries", NULL},
    {"deadline", (getter)Kernel_get_deadline, (setter)Kernel_set_deadline,
     "time.monotonic() seconds after which a search raises TimeoutError (0: none)", NULL},
    {"node_limit", (getter)Kernel_get_node_limit, (setter)Kernel_set_node_limit,
     "the node count past which a search raises TimeoutError (0: none)", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "stich.solvers._dd.Kernel",
    .tp_basicsize = sizeof(Kernel),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The search's hot path for one solver's tables, with its transposition table.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Kernel_init,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_methods = Kernel_methods,
    .tp_getset = Kernel_getset,
};

static struct PyModuleDef dd_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "stich.solvers._dd",
    .m_doc = "The compiled kernel of the double-dummy search.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__dd(void) {
#ifdef WITH_POPCNT
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt")) {
        PyErr_SetString(PyExc_ImportError, "stich.solvers._dd needs a CPU with the popcnt instruction");
        return NULL;
    }
    use_pext = __builtin_cpu_supports("bmi2") &&
               (__builtin_cpu_is("intel") || __builtin_cpu_is("amdfam19h"));
#endif
    for (unsigned m = 0; m < 128; m++) {
        unsigned pc = 0;
        for (unsigned t = m; t; t &= t - 1) pc++;
        POP7[m] = (uint8_t)pc;
        for (unsigned x = 0; x < 128; x++) {
            unsigned out = 0, i = 0;
            for (unsigned mm = m; mm; mm &= mm - 1) {
                unsigned low = mm & (~mm + 1);
                if (x & low) out |= 1u << i;
                i++;
            }
            PEXT7[m << 7 | x] = (uint8_t)out;
        }
    }
    if (PyType_Ready(&KernelType) < 0) return NULL;
    PyObject *mod = PyModule_Create(&dd_module);
    if (!mod) return NULL;
    Py_INCREF(&KernelType);
    if (PyModule_AddObject(mod, "Kernel", (PyObject *)&KernelType) < 0) {
        Py_DECREF(&KernelType);
        Py_DECREF(mod);
        return NULL;
    }
    /* The limits of the kernel's fixed-size arrays: the Python side checks a solver against them. */
    if (PyModule_AddIntConstant(mod, "MAX_CARDS", MAXC) < 0 || PyModule_AddIntConstant(mod, "MAX_PLAYERS", MAXP) < 0 ||
        PyModule_AddIntConstant(mod, "MAX_GROUPS", MAXG) < 0 || PyModule_AddIntConstant(mod, "MAX_CLASSES", MAXQ) < 0 ||
        PyModule_AddIntConstant(mod, "MAX_STATES", MAXS) < 0 ||
        PyModule_AddIntConstant(mod, "MAX_DECLARATIONS", MAXD) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}
