/*
 * The compiled kernel of the double-dummy search (module solvers._dd).
 *
 * It is the hot path of solvers/search.py -- `boundary` and `inner` with the
 * partition-search transposition table -- for the common case: one ranking for
 * the whole play, no declarations, an objective that counts the side's tricks.
 * It takes the tables the Python solver builds (beaters, follow classes,
 * equivalence spans, quick-trick classes, key groups) and follows the Python
 * code step for step: the same answers, the same move order, the same node
 * counts, so the pure-Python search stays its reference (tests compare them).
 *
 * Cards are bit indexes below 63, card sets uint64 masks.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;
typedef int64_t i64;

#define MAXC 63   /* cards in a deck */
#define MAXP 8    /* players */
#define MAXG 8    /* collapsed key groups */
#define MAXQ 16   /* quick-trick classes */

static inline int popc(u64 x) { return __builtin_popcountll(x); }
static inline int bitlen(u64 x) { return x ? 64 - __builtin_clzll(x) : 0; }
static inline int ctz(u64 x) { return __builtin_ctzll(x); }
static inline u64 bit(int c) { return (u64)1 << c; }

static uint8_t PEXT7[128 * 128];
static uint8_t POP7[128];

static inline unsigned pext14(u64 x, u64 m) {
    return PEXT7[(m & 127) << 7 | (x & 127)] | (unsigned)PEXT7[(m >> 7 & 127) << 7 | (x >> 7 & 127)] << POP7[m & 127];
}

/* ---------------------------------------------------------------- the table */

/* One table per number of tricks left. Under a key (the shape: leader, lengths, uncollapsed
   cards) hang the distinct relevant top segments ("tops") stored under it, in the order first
   seen; an entry is (tops node, holdings in that segment) -> lower and upper bound, found by
   hash. At most one entry per tops node fits a position, so a lookup costs one probe per
   tops node. */
typedef struct {
    uint16_t tops[MAXG];
    u64 bloom; /* one bit per stored holdings (of the hash's top bits): most misses end here */
    int32_t id;
} TopsNode;

typedef struct {
    /* keys: klen bytes each, chained from kbuckets */
    uint8_t *keys;
    u64 *khash;
    int32_t *knext;
    TopsNode **kvec; /* the tops nodes of each key, in the order first stored */
    int32_t *kcount, *kcap;
    int32_t nkeys, capkeys;
    int32_t *kbuckets;
    uint32_t nkbuckets;
    int32_t ntops;
    /* entries: holdings (ngroups * seats uint16) of one tops node, chained from ebuckets */
    uint16_t *hdata;
    int32_t *etops, *enext;
    u64 *ehash;
    int8_t *elo, *ehi;
    int32_t nentries, capentries;
    int32_t *ebuckets;
    uint32_t nebuckets;
} Level;

typedef struct {
    u64 kmask;
    int mode;
    int norder;
    int8_t order[MAXC];
    u64 outside;
} QInfo;

typedef struct {
    PyObject_HEAD
    int size, players, m;
    int seats[MAXP];
    int nxt[MAXP];
    int sideof[MAXP];
    int others[MAXP][MAXP];
    int nothers[MAXP];
    u64 beaters[MAXC];
    i64 lead_follow[MAXC];
    i64 late_follow[MAXC]; /* the same after leading jesters */
    u64 free_mask, wizards;
    int power[MAXC];
    u64 stronger[MAXC];
    u64 class_of[MAXC];
    u64 trump_mask;
    i64 *span; /* size * size, -1: never equivalent */
    QInfo quick[MAXQ];
    int nquick;
    i64 strength[MAXC];
    int structured, must_follow, ascending, equal_sizes;
    int ntrumps;
    int8_t trumps_desc[MAXC];
    u64 trumps; /* every card with trump power (wizards too) */
    i64 tp[MAXC];
    int ngroups;
    int gshift[MAXG];
    u64 gmask[MAXG];
    u64 absolute;
    u64 group_of[MAXC];
    /* the table */
    int klen;
    int nlevels;
    Level *levels;
    i64 tt_limit, entries;
    i64 nodes;
    int oom;
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
    free(lv->etops);
    free(lv->enext);
    free(lv->ehash);
    free(lv->elo);
    free(lv->ehi);
    free(lv->ebuckets);
    memset(lv, 0, sizeof(*lv));
}

static u64 hash_bytes(const uint8_t *p, size_t n, u64 h) {
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ULL;
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

/* The index of the key in the level, or -1. */
static int32_t level_find(const Kernel *k, const Level *lv, const uint8_t *key, u64 h) {
    if (!lv->nkbuckets) return -1;
    for (int32_t i = lv->kbuckets[(uint32_t)h & (lv->nkbuckets - 1)]; i >= 0; i = lv->knext[i]) {
        if (lv->khash[i] == h && memcmp(lv->keys + (size_t)i * k->klen, key, k->klen) == 0) return i;
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
    TopsNode *tn = &lv->kvec[ki][lv->kcount[ki]++];
    memset(tn, 0, sizeof(*tn));
    memcpy(tn->tops, tops, tb);
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
    if (!lv->nebuckets) return -1;
    size_t hb = sizeof(uint16_t) * k->ngroups * k->m;
    for (int32_t e = lv->ebuckets[(uint32_t)h & (lv->nebuckets - 1)]; e >= 0; e = lv->enext[e]) {
        if (lv->ehash[e] == h && lv->etops[e] == t && memcmp(lv->hdata + (size_t)e * k->ngroups * k->m, holds, hb) == 0)
            return e;
    }
    return -1;
}

static int32_t level_add_entry(const Kernel *k, Level *lv, int32_t t, const uint16_t *holds, u64 h) {
    size_t hw = (size_t)k->ngroups * k->m;
    if (lv->nentries == lv->capentries) {
        int32_t cap = lv->capentries ? lv->capentries * 2 : 256;
        if (grow((void **)&lv->hdata, sizeof(uint16_t) * hw, cap) || grow((void **)&lv->etops, sizeof(int32_t), cap) ||
            grow((void **)&lv->enext, sizeof(int32_t), cap) || grow((void **)&lv->ehash, sizeof(u64), cap) ||
            grow((void **)&lv->elo, 1, cap) || grow((void **)&lv->ehi, 1, cap))
            return -1;
        lv->capentries = cap;
    }
    if ((uint32_t)lv->nentries + 1 > lv->nebuckets / 4 * 3 &&
        rehash(&lv->ebuckets, &lv->nebuckets, lv->ehash, lv->enext, lv->nentries) < 0)
        return -1;
    int32_t e = lv->nentries++;
    memcpy(lv->hdata + e * hw, holds, sizeof(uint16_t) * hw);
    lv->etops[e] = t;
    lv->ehash[e] = h;
    uint32_t b = (uint32_t)h & (lv->nebuckets - 1);
    lv->enext[e] = lv->ebuckets[b];
    lv->ebuckets[b] = e;
    return e;
}

/* ---------------------------------------------------------------- the search */

typedef struct {
    uint8_t key[1 + MAXG * MAXP + 8 * MAXP];
    u64 hash;
    uint16_t rels[MAXG * MAXP];
} Shape;

/* Partition search's key: the leader, the lengths of every hand in every group, the
   uncollapsed cards of every hand; and the relative holdings. */
static void shape_key(const Kernel *k, const u64 *hands, int leader, u64 present, Shape *sh) {
    uint8_t *p = sh->key;
    *p++ = (uint8_t)leader;
    int r = 0;
    for (int g = 0; g < k->ngroups; g++) {
        u64 pg = present >> k->gshift[g] & k->gmask[g];
        for (int i = 0; i < k->m; i++) {
            u64 x = hands[k->seats[i]] >> k->gshift[g] & k->gmask[g];
            *p++ = (uint8_t)popc(x);
            sh->rels[r++] = (uint16_t)pext14(x, pg);
        }
    }
    if (k->absolute) {
        for (int i = 0; i < k->m; i++) {
            u64 x = hands[k->seats[i]] & k->absolute;
            memcpy(p, &x, 8);
            p += 8;
        }
    }
    sh->hash = hash_bytes(sh->key, k->klen, HASH_SEED);
}

/* The lowest relevant card of each group, in the current position, for a table hit. */
static u64 entry_rel(const Kernel *k, const uint16_t *tops, u64 present) {
    u64 rel = 0;
    for (int g = 0; g < k->ngroups; g++) {
        unsigned top = tops[g];
        if (!top) continue;
        int below = ctz(top);
        u64 p = present >> k->gshift[g] & k->gmask[g];
        for (int i = 0; i < below; i++) p &= p - 1;
        rel |= (p & (~p + 1)) << k->gshift[g];
    }
    return rel;
}

static void evict(Kernel *k) {
    /* Shallow first: entries with few tricks left are the cheapest to find again. */
    i64 total = k->entries;
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
    for (int g = 0; g < G; g++) {
        u64 p = present >> k->gshift[g] & k->gmask[g];
        u64 r = rel >> k->gshift[g] & k->gmask[g] & p;
        tops[g] = 0;
        if (r) {
            u64 low = r & (~r + 1);
            int below = popc(p & (low - 1));
            tops[g] = (uint16_t)((((u64)1 << popc(p)) - 1) & ~(((u64)1 << below) - 1));
        }
        for (int s = 0; s < S; s++) holds[g * S + s] = sh->rels[g * S + s] & tops[g];
    }
    Level *lv = &k->levels[left];
    int32_t ki = level_find(k, lv, sh->key, sh->hash);
    if (ki < 0) ki = level_add_key(k, lv, sh->key, sh->hash);
    TopsNode *tn = ki < 0 ? NULL : level_tops(k, lv, ki, tops);
    if (!tn) {
        k->oom = 1;
        return;
    }
    int32_t t = tn->id;
    u64 h = holds_hash(k, t, holds);
    int32_t e = level_entry(k, lv, t, holds, h);
    if (e >= 0) {
        if (lo > lv->elo[e]) lv->elo[e] = (int8_t)lo;
        if (hi < lv->ehi[e]) lv->ehi[e] = (int8_t)hi;
        return;
    }
    e = level_add_entry(k, lv, t, holds, h);
    if (e < 0) {
        k->oom = 1;
        return;
    }
    tn->bloom |= (u64)1 << (h >> 58);
    lv->elo[e] = (int8_t)lo;
    lv->ehi[e] = (int8_t)hi;
    k->entries++;
    if (k->entries > k->tt_limit) evict(k);
}

/* Tricks the leader's side can take at once from the top, and the cards that rests on. */
static int quick(const Kernel *k, const u64 *hands, int leader, u64 present, u64 *relout) {
    u64 lead = hands[leader];
    u64 wiz = k->wizards;
    u64 rest = present & ~lead;
    int total = 0, best = 0;
    u64 rel = 0;
    for (int qi = 0; qi < k->nquick; qi++) {
        const QInfo *q = &k->quick[qi];
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
            top = mine & ((theirs & (~theirs + 1)) - 1);
            n = popc(top);
        } else {
            i64 high = INT64_MIN;
            for (int i = 0; i < q->norder; i++) {
                int c = q->order[i];
                if (theirs >> c & 1 && k->strength[c] > high) high = k->strength[c];
            }
            n = 0;
            for (int i = 0; i < q->norder; i++) {
                int c = q->order[i];
                if (mine >> c & 1 && k->strength[c] >= high) n++;
            }
            top = q->kmask;
        }
        if (!n) continue;
        for (int i = 0; i < k->nothers[leader]; i++) {
            u64 h = hands[k->others[leader][i]];
            if (h & (q->outside | wiz)) {
                int lim = (k->must_follow && !(h & wiz)) ? popc(h & q->kmask) : 0;
                if (lim < n) {
                    n = lim;
                    if (!n) break;
                }
            }
        }
        if (!n) continue;
        rel |= top & (~top + 1);
        total += n;
        if (n > best) best = n;
    }
    *relout = rel;
    return popc(lead & wiz) + (k->structured ? total : best);
}

/* Per side, the most trumps one hand holds that no card of the other side can beat or tie. */
static void sure_trumps(const Kernel *k, const u64 *hands, u64 present, int *mine_out, int *theirs_out,
                        u64 *lowest_out) {
    int counts[MAXP] = {0};
    int top_side = -1;
    i64 level = -1;
    int owners[MAXC];
    int nowners = 0;
    int lastcard = -1;
    u64 lowest = 0;
    int broke = 0;
    for (int i = 0; i < k->ntrumps; i++) {
        int c = k->trumps_desc[i];
        if (!(present >> c & 1)) continue;
        if (k->tp[c] != level) {
            if (nowners) {
                int s0 = k->sideof[owners[0]], mixed = 0;
                for (int j = 1; j < nowners; j++)
                    if (k->sideof[owners[j]] != s0) mixed = 1;
                if (mixed || (top_side >= 0 && top_side != s0)) {
                    nowners = 0;
                    broke = 1;
                    break;
                }
                top_side = s0;
                for (int j = 0; j < nowners; j++) counts[owners[j]]++;
                lowest = bit(lastcard);
            }
            level = k->tp[c];
            nowners = 0;
        }
        int owner = -1;
        for (int j = 0; j < k->m; j++) {
            if (hands[k->seats[j]] >> c & 1) {
                owner = k->seats[j];
                break;
            }
        }
        owners[nowners++] = owner;
        lastcard = c;
    }
    if (!broke && nowners) {
        int s0 = k->sideof[owners[0]], mixed = 0;
        for (int j = 1; j < nowners; j++)
            if (k->sideof[owners[j]] != s0) mixed = 1;
        if (!mixed && (top_side < 0 || top_side == s0)) {
            for (int j = 0; j < nowners; j++) counts[owners[j]]++;
            lowest = bit(lastcard);
        }
    }
    int side_best = 0, other_best = 0;
    for (int j = 0; j < k->m; j++) {
        int s = k->seats[j];
        if (k->sideof[s]) {
            if (counts[s] > side_best) side_best = counts[s];
        } else if (counts[s] > other_best) {
            other_best = counts[s];
        }
    }
    *mine_out = side_best;
    *theirs_out = other_best;
    *lowest_out = lowest;
}

static int inner(Kernel *k, u64 *hands, int seat, int kk, i64 follow, int wcard, int wseat, u64 tmask,
                 u64 present, int target, int left, u64 *relout);

/* The cards of a hand it may play to a trick whose follow class is `follow` (-1 or 0: any). */
static inline u64 legal_cards(const Kernel *k, u64 hand, i64 follow) {
    if (follow <= 0) return hand;
    u64 f = hand & (u64)follow;
    return f ? (f | (hand & k->free_mask)) : hand;
}

static int boundary(Kernel *k, u64 *hands, int leader, int target, int left, u64 present, u64 *relout) {
    k->nodes++;
    *relout = 0;
    if (target <= 0) return 1;
    if (target > left) return 0;
    int lo = 0, hi = left;
    if (left == 1 && k->equal_sizes) {
        /* The last trick: every hand plays its one card. */
        int win = bitlen(hands[leader]) - 1, ws = leader;
        u64 tm = bit(win);
        for (int s = k->nxt[leader]; s != leader; s = k->nxt[s]) {
            int c = bitlen(hands[s]) - 1;
            tm |= bit(c);
            if (k->beaters[win] >> c & 1) {
                win = c;
                ws = s;
            }
        }
        *relout = (tm & k->class_of[win] & ~bit(win)) ? bit(win) : 0;
        return k->sideof[ws];
    }
    Shape sh;
    shape_key(k, hands, leader, present, &sh);
    Level *lv = &k->levels[left];
    int32_t ki = level_find(k, lv, sh.key, sh.hash);
    if (ki >= 0) {
        /* At most one entry per top segment fits: the one with this position's holdings. */
        int G = k->ngroups, S = k->m;
        uint16_t holds[MAXG * MAXP];
        const TopsNode *vec = lv->kvec[ki];
        for (int32_t i = 0; i < lv->kcount[ki]; i++) {
            const uint16_t *tops = vec[i].tops;
            for (int g = 0; g < G; g++)
                for (int s = 0; s < S; s++) holds[g * S + s] = sh.rels[g * S + s] & tops[g];
            u64 h = holds_hash(k, vec[i].id, holds);
            if (!(vec[i].bloom >> (h >> 58) & 1)) continue;
            int32_t e = level_entry(k, lv, vec[i].id, holds, h);
            if (e < 0) continue;
            if (lv->elo[e] >= target) {
                *relout = entry_rel(k, tops, present);
                return 1;
            }
            if (lv->ehi[e] < target) {
                *relout = entry_rel(k, tops, present);
                return 0;
            }
        }
    }
    u64 qrel;
    int q = quick(k, hands, leader, present, &qrel);
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
    if (k->equal_sizes && (present & k->trumps)) {
        int mine, theirs;
        u64 srel;
        sure_trumps(k, hands, present, &mine, &theirs, &srel);
        if (mine >= target) {
            store(k, left, &sh, srel, present, mine, left);
            *relout = srel;
            return 1;
        }
        if (left - theirs < target) {
            store(k, left, &sh, srel, present, 0, left - theirs);
            *relout = srel;
            return 0;
        }
    }
    u64 rel;
    int result = inner(k, hands, leader, 0, -1, -1, leader, 0, present, target, left, &rel);
    if (result)
        store(k, left, &sh, rel, present, target, hi);
    else
        store(k, left, &sh, rel, present, lo, target - 1);
    *relout = rel;
    return result;
}

typedef struct {
    int score;
    int card;
} Scored;

static int scored_desc(const void *a, const void *b) {
    const Scored *x = a, *y = b;
    if (x->score != y->score) return x->score < y->score ? 1 : -1;
    return x->card < y->card ? 1 : (x->card > y->card ? -1 : 0);
}

static void sort_scored(Scored *scored, int *cands, int ncands) {
    qsort(scored, ncands, sizeof(Scored), scored_desc);
    for (int i = 0; i < ncands; i++) cands[i] = scored[i].card;
}

/* Leads: a card nobody can beat or ruff first; then low cards towards a partner who holds the
   top; then low cards; leads an opponent can ruff last. */
static void order_leads(const Kernel *k, int *cands, int ncands, const u64 *hands, int seat, u64 outside) {
    Scored scored[MAXC];
    int mine = k->sideof[seat];
    u64 partners = 0, opponents = 0, trumps = k->trump_mask;
    for (int i = 0; i < k->nothers[seat]; i++) {
        int o = k->others[seat][i];
        if (k->sideof[o] == mine)
            partners |= hands[o];
        else
            opponents |= hands[o];
    }
    for (int i = 0; i < ncands; i++) {
        int c = cands[i];
        u64 kmask = k->class_of[c];
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
        int score = (k->stronger[c] & outside) ? -k->power[c] : (ruff ? 200 : 1000) + k->power[c];
        u64 top_theirs = opponents & kmask, top_ours = partners & kmask;
        if (ruff)
            score -= 1500; /* an opponent can ruff: last */
        else if (top_ours && (!top_theirs || bitlen(top_ours) > bitlen(top_theirs)))
            score += 500; /* the partner holds the top */
        scored[i].score = score;
        scored[i].card = c;
    }
    sort_scored(scored, cands, ncands);
}

/* The (kk+1)-th card of a trick, with an eye on the seats still to play. */
static void order_follows(const Kernel *k, int *cands, int ncands, u64 legal, const u64 *hands, int seat, int kk,
                          i64 follow, int wcard, int wseat) {
    Scored scored[MAXC];
    int mine = k->sideof[seat];
    u64 bw = k->beaters[wcard];
    int partner_wins = k->sideof[wseat] == mine;
    /* The cards the later seats of each side may play. */
    u64 later_ours = 0, later_theirs = 0;
    int s2 = k->nxt[seat];
    for (int j = kk + 1; j < k->m; j++, s2 = k->nxt[s2]) {
        u64 h = legal_cards(k, hands[s2], follow);
        if (k->sideof[s2] == mine)
            later_ours |= h;
        else
            later_theirs |= h;
    }
    if (!partner_wins && (later_ours & bw)) {
        /* Second hand low: the partner can still win the trick. */
        for (int i = 0; i < ncands; i++) {
            int c = cands[i];
            scored[i].score = (bw >> c & 1) ? -1000 - k->power[c] : -k->power[c];
            scored[i].card = c;
        }
    } else if (partner_wins && (later_theirs & bw)) {
        /* The partner's card can still be taken over: overtake so that nobody later can
           (cheapest first), else play low, overtaking cards that can be beaten last. */
        for (int i = 0; i < ncands; i++) {
            int c = cands[i];
            int score;
            if (bw >> c & 1)
                score = (k->beaters[c] & later_theirs) ? -2000 - k->power[c] : 1000 - k->power[c];
            else
                score = -k->power[c];
            scored[i].score = score;
            scored[i].card = c;
        }
    } else if (follow > 0 && !(legal & ~(u64)follow) && k->ascending) {
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
            scored[i].score = -k->power[c] - ((bw >> c & 1) ? 500 : 0);
            scored[i].card = c;
        }
    } else {
        /* The cheapest card that takes the trick, else the lowest. */
        for (int i = 0; i < ncands; i++) {
            int c = cands[i];
            scored[i].score = (bw >> c & 1) ? 1000 - k->power[c] : -k->power[c];
            scored[i].card = c;
        }
    }
    sort_scored(scored, cands, ncands);
}

static int inner(Kernel *k, u64 *hands, int seat, int kk, i64 follow, int wcard, int wseat, u64 tmask,
                 u64 present, int target, int left, u64 *relout) {
    u64 hand = hands[seat];
    u64 legal = legal_cards(k, hand, follow);
    /* Equivalent cards: keep the lowest of each run that nothing outside the hand splits. */
    u64 outside = present & ~hand;
    int cands[MAXC], ncands = 0;
    int run_lo[MAXC], run_hi[MAXC], nruns = 0;
    int prev = -1, first = -1;
    for (u64 x = legal; x; x &= x - 1) {
        int c = ctz(x);
        if (prev >= 0) {
            i64 sp = k->span[prev * k->size + c];
            if (sp >= 0 && !((u64)sp & outside)) {
                prev = c;
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
        cands[ncands++] = c;
        prev = first = c;
    }
    if (ncands > 1) {
        if (kk == 0)
            order_leads(k, cands, ncands, hands, seat, outside);
        else
            order_follows(k, cands, ncands, legal, hands, seat, kk, follow, wcard, wseat);
    }
    int mine = k->sideof[seat];
    int last = kk == k->m - 1;
    int nseat = k->nxt[seat];
    u64 rel = 0;
    for (int i = 0; i < ncands; i++) {
        int c = cands[i];
        u64 b = bit(c);
        hands[seat] = hand ^ b;
        int nw, ns;
        if (wcard < 0 || (k->beaters[wcard] >> c & 1)) {
            nw = c;
            ns = seat;
        } else {
            nw = wcard;
            ns = wseat;
        }
        u64 nmask = tmask | b;
        u64 crel;
        int res;
        if (last) {
            res = boundary(k, hands, ns, k->sideof[ns] ? target - 1 : target, left - 1, present & ~nmask, &crel);
            if (nmask & k->class_of[nw] & ~bit(nw)) crel |= bit(nw);
        } else {
            i64 nf = follow == -1 ? (kk ? k->late_follow[c] : k->lead_follow[c]) : follow;
            res = inner(k, hands, nseat, kk + 1, nf, nw, ns, nmask, present, target, left, &crel);
        }
        if (res == mine) {
            hands[seat] = hand;
            *relout = crel;
            return res;
        }
        rel |= crel;
    }
    hands[seat] = hand;
    /* Cards skipped as equivalent must stay equivalent wherever this answer is reused:
       a run reaching into the relevant cards joins them whole. */
    for (int i = 0; i < nruns; i++) {
        u64 g = rel & k->group_of[run_lo[i]];
        if (g && bit(run_hi[i]) >= (g & (~g + 1))) rel |= bit(run_lo[i]);
    }
    *relout = rel;
    return !mine;
}

/* ---------------------------------------------------------------- Python glue */

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

static void Kernel_dealloc(Kernel *k) {
    if (k->levels) {
        for (int i = 0; i < k->nlevels; i++) level_clear(&k->levels[i]);
        free(k->levels);
    }
    free(k->span);
    Py_TYPE(k)->tp_free((PyObject *)k);
}

static const char *init_kwlist[] = {
    "size",      "players",    "seats",      "nxt",         "sideof",     "beaters",      "lead_follow",
    "free",      "wizards",    "power",      "stronger",    "class_of",   "trump_mask",   "span",
    "quick",     "strength",   "structured", "must_follow", "ascending",  "equal_sizes",  "trumps_desc",
    "tp",        "key_groups", "absolute",   "group_of",    "max_left",   "tt_limit",     "late_follow",
    NULL};

static int Kernel_init(Kernel *k, PyObject *args, PyObject *kw) {
    int size, players, structured, must_follow, ascending, equal_sizes, max_left;
    long long tt_limit;
    PyObject *seats, *nxt, *sideof, *beaters, *lead_follow, *power, *stronger, *class_of, *span, *quickl,
        *strength, *trumps_desc, *tp, *key_groups, *group_of, *late_follow;
    unsigned long long free_mask, wizards, trump_mask, absolute;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iiOOOOOKKOOOKOOOppppOOOKOiLO", (char **)init_kwlist, &size,
                                     &players, &seats, &nxt, &sideof, &beaters, &lead_follow, &free_mask,
                                     &wizards, &power, &stronger, &class_of, &trump_mask, &span, &quickl,
                                     &strength, &structured, &must_follow, &ascending, &equal_sizes,
                                     &trumps_desc, &tp, &key_groups, &absolute, &group_of, &max_left,
                                     &tt_limit, &late_follow))
        return -1;
    if (size < 1 || size > MAXC || players < 1 || players > MAXP) {
        PyErr_SetString(PyExc_ValueError, "deck or table too large for the kernel");
        return -1;
    }
    k->size = size;
    k->players = players;
    k->m = (int)PySequence_Size(seats);
    if (k->m < 1 || k->m > players) {
        PyErr_SetString(PyExc_ValueError, "bad seats");
        return -1;
    }
    if (read_int_list(seats, k->seats, k->m, "seats") < 0) return -1;
    if (read_int_list(nxt, k->nxt, players, "nxt") < 0) return -1;
    if (read_int_list(sideof, k->sideof, players, "sideof") < 0) return -1;
    for (int p = 0; p < players; p++) {
        k->nothers[p] = 0;
        for (int i = 0; i < k->m; i++)
            if (k->seats[i] != p) k->others[p][k->nothers[p]++] = k->seats[i];
    }
    if (read_u64_list(beaters, k->beaters, size, "beaters") < 0) return -1;
    if (read_i64_list(lead_follow, k->lead_follow, size, "lead_follow") < 0) return -1;
    if (read_i64_list(late_follow, k->late_follow, size, "late_follow") < 0) return -1;
    k->free_mask = free_mask;
    k->wizards = wizards;
    if (read_int_list(power, k->power, size, "power") < 0) return -1;
    if (read_u64_list(stronger, k->stronger, size, "stronger") < 0) return -1;
    if (read_u64_list(class_of, k->class_of, size, "class_of") < 0) return -1;
    k->trump_mask = trump_mask;
    k->span = malloc(sizeof(i64) * size * size);
    if (!k->span) {
        PyErr_NoMemory();
        return -1;
    }
    if (read_i64_list(span, k->span, size * size, "span") < 0) return -1;
    /* quick: a list of (class mask, mode, cards by strength, outside trumps) */
    PyObject *qf = PySequence_Fast(quickl, "quick");
    if (!qf) return -1;
    k->nquick = (int)PySequence_Fast_GET_SIZE(qf);
    if (k->nquick > MAXQ) {
        Py_DECREF(qf);
        PyErr_SetString(PyExc_ValueError, "too many classes for the kernel");
        return -1;
    }
    for (int i = 0; i < k->nquick; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(qf, i);
        PyObject *order;
        unsigned long long kmask, outside;
        int mode;
        if (!PyArg_ParseTuple(item, "KiOK", &kmask, &mode, &order, &outside)) {
            Py_DECREF(qf);
            return -1;
        }
        k->quick[i].kmask = kmask;
        k->quick[i].mode = mode;
        k->quick[i].outside = outside;
        k->quick[i].norder = (int)PySequence_Size(order);
        int tmp[64];
        if (k->quick[i].norder > MAXC || read_int_list(order, tmp, k->quick[i].norder, "order") < 0) {
            Py_DECREF(qf);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "order too long");
            return -1;
        }
        for (int j = 0; j < k->quick[i].norder; j++) k->quick[i].order[j] = (int8_t)tmp[j];
    }
    Py_DECREF(qf);
    if (read_i64_list(strength, k->strength, size, "strength") < 0) return -1;
    k->structured = structured;
    k->must_follow = must_follow;
    k->ascending = ascending;
    k->equal_sizes = equal_sizes;
    k->ntrumps = (int)PySequence_Size(trumps_desc);
    {
        int tmp[64];
        if (k->ntrumps < 0 || k->ntrumps > MAXC || read_int_list(trumps_desc, tmp, k->ntrumps, "trumps") < 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad trumps");
            return -1;
        }
        k->trumps = 0;
        for (int j = 0; j < k->ntrumps; j++) {
            k->trumps_desc[j] = (int8_t)tmp[j];
            k->trumps |= bit(tmp[j]);
        }
    }
    if (read_i64_list(tp, k->tp, size, "tp") < 0) return -1;
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
    Py_DECREF(gf);
    k->absolute = absolute;
    if (read_u64_list(group_of, k->group_of, size, "group_of") < 0) return -1;
    k->klen = 1 + k->ngroups * k->m + (absolute ? 8 * k->m : 0);
    k->nlevels = max_left + 1;
    k->levels = calloc(k->nlevels, sizeof(Level));
    if (!k->levels) {
        PyErr_NoMemory();
        return -1;
    }
    k->tt_limit = tt_limit;
    k->entries = 0;
    k->nodes = 0;
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
    return Py_BuildValue("(OK)", result ? Py_True : Py_False, (unsigned long long)rel);
}

static int check_left(const Kernel *k, int left) {
    if (left < 0 || left >= k->nlevels) {
        PyErr_SetString(PyExc_ValueError, "tricks left out of range");
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
    if (read_hands(k, hl, hands) < 0 || check_left(k, left) < 0) return NULL;
    u64 rel;
    int r = boundary(k, hands, leader, target, left, present, &rel);
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
    if (read_hands(k, hl, hands) < 0 || check_left(k, left) < 0) return NULL;
    u64 rel;
    int r = inner(k, hands, seat, kk, follow, wcard, wseat, tmask, present, target, left, &rel);
    return finish(k, r, rel);
}

static PyObject *Kernel_get_nodes(Kernel *k, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(k->nodes);
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
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "solvers._dd.Kernel",
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
    .m_name = "solvers._dd",
    .m_doc = "The compiled kernel of the double-dummy search.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__dd(void) {
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
        PyModule_AddIntConstant(mod, "MAX_GROUPS", MAXG) < 0 || PyModule_AddIntConstant(mod, "MAX_CLASSES", MAXQ) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}
