/*
 * Simulated-annealing search behind scripts/generate_schedules.py.
 *
 *   schedule_search cyclic N SECONDS SEED [a b]
 *     One base round of a whist tournament Wh(N) whose translates under the
 *     group give every round.  The group is Z_m (m = N for N = 1 mod 4; for
 *     N = 0 mod 4, m = N-1 and a fixed point "infinity" joins), or Z_a x Z_b
 *     when a and b are given (Wh(9) has no Z_9-cyclic solution).  Rounds are
 *     played in the order base, base+1, base+2, ...; multiplying a solution by
 *     a unit gives another one, so each solution found is turned so that the
 *     unit step whose translates share the fewest table pairs becomes 1, and
 *     the search goes on until that is none (two players never meet at a table
 *     in adjacent rounds) or time is up.  Prints "found 0 <table pairs shared
 *     by consecutive rounds>" and the base round (infinity printed as -1), or
 *     "none <restarts>".
 *     For N = 2, 3 mod 4 the same search makes a near-whist schedule over Z_N:
 *     elements 0 .. (N mod 4)-1 sit out, rounds go in steps of N mod 4, no
 *     difference class partners twice, opponent classes as close to two as
 *     the count allows; it prints the best found as "found <cost> <shared>".
 *
 *   schedule_search best N ROUNDS SECONDS SEED
 *     A schedule for any N (used when no whist tournament is known or found)
 *     where N mod 4 players sit out each round in consecutive blocks (fair), and the tables are searched so that no
 *     pair partners twice, opponent meetings are as even as possible and no
 *     two players share a table in adjacent rounds.  Prints "best <partner
 *     repeats> <opponent square sum> <adjacent>" and one line per round.
 *
 * Only the build-time generator runs this; the app reads the shipped data.
 * Tuning knobs for experiments (environment): ADJ_WEIGHT (cost of one
 * adjacent meeting for the step 1 against one unit of whist deviation; by
 * default 0, which searches faster: every whist tournament found is turned so
 * that its best unit step becomes 1), T_HI and
 * T_LO (annealing temperatures, 1.0 down to 0.2) and STEPS (moves per restart
 * divided by the squared number of tables, 100000) and FOCUS (share of moves
 * that start from a pair whose difference class is met too often, 0.5); the
 * defaults were the fastest of those tried on 24 to 40 players.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXN 64

static uint64_t rng_state;

static uint64_t rng(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static int rnd(int k) { return (int)(rng() % (uint64_t)k); }

static double unit(void) { return (double)(rng() >> 11) / 9007199254740992.0; }

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---------------------------------------------------------------- cyclic */

static int m, inf, has_inf, npos, ntab, nclass, near, sitters;
static int add_tab[MAXN][MAXN], sub_tab[MAXN][MAXN], cls[MAXN];
/* Per class: how many distinct pairs one base pair of it covers twice (the
   class n/2 of an even n), and how often it may be a partnership. */
static int doubled[MAXN], partner_cap[MAXN];
static int perm[MAXN], table_of[MAXN + 1];
static int pc[MAXN], oc[MAXN];
static double focus = 0.5, adj_weight = 0, temp_hi = 1.0, temp_lo = 0.2, steps_factor = 100000;
static int shift_one; /* the element "1", or -1 when no single translate orders every round */

static int diff_class(int x, int y) {
    if (x == inf || y == inf) return -1;
    return cls[sub_tab[x][y]];
}

static int sq(int v) { return v * v; }

/* A whist tournament needs every class once as partners and twice as
   opponents; a near one (n = 2, 3 mod 4) never repeats a partnership and
   keeps every pair's opponent meetings as close to two as it can. */
static int partner_cost(int c, int count) {
    if (!near) return sq(count - 1);
    return count > partner_cap[c] ? 4 * sq(count - partner_cap[c]) : 0;
}

static int opponent_cost(int c, int count) { return sq((doubled[c] ? 2 : 1) * count - 2); }

static int bump(int c, int partner, int by) {
    if (c < 0) return 0;
    int *counts = partner ? pc : oc;
    int before = partner ? partner_cost(c, counts[c]) : opponent_cost(c, counts[c]);
    counts[c] += by;
    return (partner ? partner_cost(c, counts[c]) : opponent_cost(c, counts[c])) - before;
}

static int table_apply(int t, int by) {
    int *p = perm + 4 * t, d = 0;
    d += bump(diff_class(p[0], p[1]), 1, by);
    d += bump(diff_class(p[2], p[3]), 1, by);
    for (int i = 0; i < 2; i++)
        for (int j = 2; j < 4; j++) d += bump(diff_class(p[i], p[j]), 0, by);
    return d;
}

static int translate_by(int x, int shift) { return x == inf ? inf : add_tab[x][shift]; }

static int meetings_after_shift(int shift) {
    int count = 0;
    for (int t = 0; t < ntab; t++) {
        int *p = perm + 4 * t;
        for (int i = 0; i < 4; i++)
            for (int j = i + 1; j < 4; j++) {
                int a = table_of[translate_by(p[i], shift)], b = table_of[translate_by(p[j], shift)];
                if (a >= 0 && a == b) count++;
            }
    }
    return count;
}

static int gcd(int a, int b) { return b ? gcd(b, a % b) : a; }

/* Fewest meetings over the unit shifts s: ordering rounds base, base+s,
   base+2s, ... visits every round, so one meeting-free unit is enough.  The
   base round is multiplied by 1/s so that the step becomes 1. */
static int normalise_to_best_unit(void) {
    int best = 1 << 30, best_s = 1;
    for (int s = 1; s <= m / 2; s++)
        if (gcd(s, m) == 1) {
            int c = meetings_after_shift(s);
            if (c < best) best = c, best_s = s;
        }
    int inverse = 1;
    while (inverse * best_s % m != 1) inverse++;
    for (int i = 0; i < npos; i++)
        if (perm[i] != inf) perm[i] = perm[i] * inverse % m;
    for (int i = 0; i < npos; i++) table_of[perm[i]] = i / 4;
    return best;
}

/* Meetings after a translate by 1 among the table pairs that touch u, v, u-1
   or v-1: the only ones a swap of u and v can change. */
static int local_meetings(int u, int v) {
    int back = m - shift_one, elems[4] = {u, v, translate_by(u, back), translate_by(v, back)};
    int pairs[12][2], np = 0, count = 0;
    for (int k = 0; k < 4; k++) {
        int e = elems[k], t = table_of[e];
        if (t < 0) continue;
        for (int q = 0; q < 4; q++) {
            int f = perm[4 * t + q], a = e < f ? e : f, b = e < f ? f : e, seen = 0;
            if (f == e) continue;
            for (int r = 0; r < np; r++) seen |= pairs[r][0] == a && pairs[r][1] == b;
            if (seen) continue;
            pairs[np][0] = a;
            pairs[np][1] = b;
            np++;
            int ta = table_of[translate_by(a, shift_one)], tb = table_of[translate_by(b, shift_one)];
            if (ta >= 0 && ta == tb) count++;
        }
    }
    return count;
}

static int adjacent_meetings(void) { return shift_one < 0 ? 0 : meetings_after_shift(shift_one); }

/* A random seat among the pairs whose difference class is met too often:
   moving one of them is the only way to repair that class. */
static int seat_in_excess_pair(int first_free) {
    int seats[6 * MAXN], k = 0;
    for (int t = 0; t < ntab; t++) {
        int *p = perm + 4 * t;
        for (int a = 0; a < 4; a++)
            for (int b = a + 1; b < 4; b++) {
                int c = diff_class(p[a], p[b]), partner = (a < 2) == (b < 2);
                if (c < 0) continue;
                if (partner ? pc[c] > (near ? partner_cap[c] : 1) : (doubled[c] ? 2 : 1) * oc[c] > 2) {
                    seats[k++] = 4 * t + a;
                    seats[k++] = 4 * t + b;
                }
            }
    }
    int i = k ? seats[rnd(k)] : first_free;
    return i < first_free ? first_free : i;
}

static int run_cyclic(int n, double seconds, int ga, int gb) {
    int tables = n / 4;
    has_inf = n % 4 == 0;
    near = n % 4 >= 2;
    sitters = has_inf ? 0 : n % 4;
    m = has_inf ? n - 1 : n;
    if (ga > 0) {
        if (ga * gb != m) return fprintf(stderr, "group order must be %d\n", m), 2;
        for (int x = 0; x < m; x++)
            for (int y = 0; y < m; y++) {
                int s = ((x / gb + y / gb) % ga) * gb + (x % gb + y % gb) % gb;
                int d = ((x / gb - y / gb + ga) % ga) * gb + (x % gb - y % gb + gb) % gb;
                add_tab[x][y] = s;
                sub_tab[x][y] = d;
            }
        shift_one = -1;
    } else {
        for (int x = 0; x < m; x++)
            for (int y = 0; y < m; y++) {
                add_tab[x][y] = (x + y) % m;
                sub_tab[x][y] = (x - y + m) % m;
            }
        /* Near schedules are played in steps of n mod 4 so that the sitters
           0, 1(, 2) move on in consecutive blocks. */
        shift_one = near ? sitters : 1;
    }
    nclass = 0;
    for (int d = 0; d < m; d++) cls[d] = -1;
    for (int d = 1; d < m; d++)
        if (cls[d] < 0) {
            cls[d] = nclass;
            cls[sub_tab[0][d]] = nclass;
            doubled[nclass] = sub_tab[0][d] == d;
            partner_cap[nclass] = !doubled[nclass];
            nclass++;
        }
    /* Whist: exact.  Near, n = 3 mod 4: 4t opponent pairs over 2t+1 classes
       leave two classes one short; n = 2 mod 4: one class one short. */
    int target = !near ? 0 : n % 4 == 3 ? 2 : 1;
    inf = m;
    ntab = tables;
    npos = 4 * tables;

    /* Infinity, when present, stays in seat 0; otherwise 0 (and 1, 2) sit out. */
    int first_free = has_inf ? 1 : 0;
    int best_cost = 1 << 30, best_adj = 1 << 30, best[MAXN];
    double start = now();
    long restarts = 0;
    while (now() - start < seconds) {
        int k = 0;
        if (has_inf) perm[k++] = inf;
        for (int x = has_inf ? 0 : sitters; x < m; x++) perm[k++] = x;
        for (int i = npos - 1; i > first_free; i--) {
            int j = first_free + rnd(i - first_free + 1), tmp = perm[i];
            perm[i] = perm[j];
            perm[j] = tmp;
        }
        for (int x = 0; x <= m; x++) table_of[x] = -1;
        for (int i = 0; i < npos; i++) table_of[perm[i]] = i / 4;
        memset(pc, 0, sizeof pc);
        memset(oc, 0, sizeof oc);
        int cost = 0;
        for (int c = 0; c < nclass; c++) cost += partner_cost(c, 0) + opponent_cost(c, 0);
        for (int t = 0; t < ntab; t++) cost += table_apply(t, 1);
        int adj = adjacent_meetings();
        long steps = (long)(steps_factor * tables * tables);
        double t_hi = temp_hi, t_lo = temp_lo;
        double temp = t_hi;
        for (long s = 0; s < steps; s++) {
            if ((s & 0x3ff) == 0) {
                if ((s & 0xffff) == 0 && now() - start > seconds) break;
                temp = t_hi * pow(t_lo / t_hi, (double)s / steps);
            }
            int i = first_free + rnd(npos - first_free), j = first_free + rnd(npos - first_free);
            if (cost > target && unit() < focus) i = seat_in_excess_pair(first_free);
            if (i == j) continue;
            int ti = i / 4, tj = j / 4;
            int track = ti != tj && shift_one >= 0 && adj_weight > 0;
            int before = track ? local_meetings(perm[i], perm[j]) : 0;
            int d = table_apply(ti, -1);
            if (tj != ti) d += table_apply(tj, -1);
            int tmp = perm[i];
            perm[i] = perm[j];
            perm[j] = tmp;
            table_of[perm[i]] = ti;
            table_of[perm[j]] = tj;
            d += table_apply(ti, 1);
            if (tj != ti) d += table_apply(tj, 1);
            int new_adj = track ? adj + local_meetings(perm[i], perm[j]) - before : adj;
            double delta = d + adj_weight * (new_adj - adj);
            if (delta <= 0 || unit() < exp(-delta / temp)) {
                cost += d;
                adj = new_adj;
                if (cost == target && shift_one >= 0 && !near) adj = normalise_to_best_unit();
                if (cost < best_cost || (cost == best_cost && adj < best_adj)) {
                    if (cost == target && best_cost > target)
                        fprintf(stderr, "first %.2f s\n", now() - start);
                    best_cost = cost;
                    best_adj = adj;
                    memcpy(best, perm, sizeof(int) * npos);
                    if (cost == target && adj == 0) goto done;
                }
            } else {
                table_apply(ti, -1);
                if (tj != ti) table_apply(tj, -1);
                tmp = perm[i];
                perm[i] = perm[j];
                perm[j] = tmp;
                table_of[perm[i]] = ti;
                table_of[perm[j]] = tj;
                table_apply(ti, 1);
                if (tj != ti) table_apply(tj, 1);
            }
        }
        restarts++;
    }
done:
    /* A near schedule is worth having short of the target, a whist one is not. */
    if (best_cost > target && !near) {
        printf("none %ld\n", restarts);
        return 1;
    }
    printf("found %d %d\n", best_cost, best_adj);
    for (int i = 0; i < npos; i++) printf("%d%c", best[i] == inf ? -1 : best[i], i + 1 < npos ? ' ' : '\n');
    return 0;
}

/* ------------------------------------------------------------------ best */

#define MAXR 64
static int bn, br, bt, bs;
static int seat[MAXR][MAXN];     /* seat[r][p]: player in seat p of round r */
static int tab_r[MAXR][MAXN];    /* table of player in round r, -1 sitting out */
static int part[MAXN][MAXN], opp[MAXN][MAXN];

static int repeat_cost(int c) { return c > 1 ? 50 * (c - 1) : 0; }

static int pair_change(int (*counts)[MAXN], int x, int y, int by, int partner) {
    int before = counts[x][y];
    counts[x][y] += by;
    counts[y][x] += by;
    if (partner) return repeat_cost(counts[x][y]) - repeat_cost(before);
    return sq(counts[x][y]) - sq(before);
}

static int meets(int r, int x, int y) {
    return r >= 0 && r < br && tab_r[r][x] >= 0 && tab_r[r][x] == tab_r[r][y];
}

static int best_table(int r, int t, int by, int *adj) {
    int *p = seat[r] + 4 * t, d = 0;
    d += pair_change(part, p[0], p[1], by, 1);
    d += pair_change(part, p[2], p[3], by, 1);
    for (int i = 0; i < 2; i++)
        for (int j = 2; j < 4; j++) d += pair_change(opp, p[i], p[j], by, 0);
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) *adj += by * (meets(r - 1, p[i], p[j]) + meets(r + 1, p[i], p[j]));
    return d;
}

static void best_swap(int r, int i, int j) {
    int tmp = seat[r][i];
    seat[r][i] = seat[r][j];
    seat[r][j] = tmp;
    tab_r[r][seat[r][i]] = i / 4;
    tab_r[r][seat[r][j]] = j / 4;
}

static int run_best(int n, int rounds, double seconds) {
    bn = n;
    br = rounds;
    bt = n / 4;
    bs = n % 4;
    int npl = 4 * bt;
    for (int r = 0; r < br; r++) {
        int out[4], k = 0;
        for (int j = 0; j < bs; j++) out[j] = (r * bs + j) % n;
        for (int x = 0; x < n; x++) {
            int sitting = 0;
            for (int j = 0; j < bs; j++) sitting |= out[j] == x;
            tab_r[r][x] = -1;
            if (!sitting) seat[r][k++] = x;
        }
        for (int i = npl - 1; i > 0; i--) {
            int j = rnd(i + 1), tmp = seat[r][i];
            seat[r][i] = seat[r][j];
            seat[r][j] = tmp;
        }
        for (int i = 0; i < npl; i++) tab_r[r][seat[r][i]] = i / 4;
    }
    int adj = 0, cost = 0;
    for (int r = 0; r < br; r++)
        for (int t = 0; t < bt; t++) cost += best_table(r, t, 1, &adj);
    /* Adjacent meetings were counted from both rounds of each adjacent pair. */
    adj /= 2;
    int best_total = 1 << 30, best_seat[MAXR][MAXN];
    double start = now(), temp_hi = 3.0, temp_lo = 0.05;
    long s = 0;
    for (;; s++) {
        if ((s & 0xffff) == 0) {
            double elapsed = now() - start;
            if (elapsed > seconds) break;
        }
        double frac = fmod((now() - start) / (seconds / 4), 1.0);
        double temp = temp_hi * pow(temp_lo / temp_hi, frac);
        int r = rnd(br), i = rnd(npl), j = rnd(npl);
        if (i == j || (i / 4 == j / 4 && (i ^ j) == 1)) continue;
        int ti = i / 4, tj = j / 4, a = 0;
        int d = best_table(r, ti, -1, &a);
        if (tj != ti) d += best_table(r, tj, -1, &a);
        best_swap(r, i, j);
        d += best_table(r, ti, 1, &a);
        if (tj != ti) d += best_table(r, tj, 1, &a);
        int delta = d + 3 * a;
        if (delta <= 0 || unit() < exp(-delta / temp)) {
            cost += d;
            adj += a;
            if (cost + 3 * adj < best_total) {
                best_total = cost + 3 * adj;
                memcpy(best_seat, seat, sizeof seat);
            }
        } else {
            int b = 0;
            best_table(r, ti, -1, &b);
            if (tj != ti) best_table(r, tj, -1, &b);
            best_swap(r, i, j);
            best_table(r, ti, 1, &b);
            if (tj != ti) best_table(r, tj, 1, &b);
        }
    }
    /* Recount the best state from scratch for an honest summary line. */
    memcpy(seat, best_seat, sizeof seat);
    memset(part, 0, sizeof part);
    memset(opp, 0, sizeof opp);
    for (int r = 0; r < br; r++) {
        for (int x = 0; x < n; x++) tab_r[r][x] = -1;
        for (int i = 0; i < npl; i++) tab_r[r][seat[r][i]] = i / 4;
    }
    int repeats = 0, squares = 0, adjacent = 0;
    for (int r = 0; r < br; r++)
        for (int t = 0; t < bt; t++) {
            int dummy = 0;
            best_table(r, t, 1, &dummy);
            int *p = seat[r] + 4 * t;
            for (int i = 0; i < 4; i++)
                for (int j = i + 1; j < 4; j++) adjacent += meets(r + 1, p[i], p[j]);
        }
    for (int x = 0; x < n; x++)
        for (int y = x + 1; y < n; y++) {
            repeats += part[x][y] > 1 ? part[x][y] - 1 : 0;
            squares += sq(opp[x][y]);
        }
    printf("best %d %d %d %ld\n", repeats, squares, adjacent, s);
    for (int r = 0; r < br; r++)
        for (int i = 0; i < npl; i++) printf("%d%c", seat[r][i], i + 1 < npl ? ' ' : '\n');
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 5 && strcmp(argv[1], "cyclic") == 0) {
        int n = atoi(argv[2]);
        rng_state = 0x9e3779b97f4a7c15ULL ^ (uint64_t)atoll(argv[4]) * 2654435761ULL;
        int ga = argc >= 7 ? atoi(argv[5]) : 0, gb = argc >= 7 ? atoi(argv[6]) : 0;
        if (getenv("ADJ_WEIGHT")) adj_weight = atof(getenv("ADJ_WEIGHT"));
        if (getenv("T_HI")) temp_hi = atof(getenv("T_HI"));
        if (getenv("T_LO")) temp_lo = atof(getenv("T_LO"));
        if (getenv("STEPS")) steps_factor = atof(getenv("STEPS"));
        if (getenv("FOCUS")) focus = atof(getenv("FOCUS"));
        if (n < 6 || n > MAXN - 8) return fprintf(stderr, "bad size\n"), 2;
        return run_cyclic(n, atof(argv[3]), ga, gb);
    }
    if (argc >= 6 && strcmp(argv[1], "best") == 0) {
        int n = atoi(argv[2]), rounds = atoi(argv[3]);
        rng_state = 0x9e3779b97f4a7c15ULL ^ (uint64_t)atoll(argv[5]) * 2654435761ULL;
        if (n < 6 || n >= MAXN || rounds < 1 || rounds > MAXR) return fprintf(stderr, "bad size\n"), 2;
        return run_best(n, rounds, atof(argv[4]));
    }
    fprintf(stderr, "usage: schedule_search cyclic N SECONDS SEED [a b] | best N ROUNDS SECONDS SEED\n");
    return 2;
}
