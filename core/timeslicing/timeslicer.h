// timeslicer.h — spreads a batch of jobs (one per key) over several frames,
// with the four input/output timing modes of "Timeslicing Batched Algorithms
// in Games" and same-frame or next-frame gathering.
//
// Usage
//   Timeslicer<NpcId, NpcInput, NpcOutput> slicer({
//       .new_batch  = [&](std::vector<NpcId>& keys) { ...keys in batch order... },
//       .read_input = [&](const NpcId& id, NpcInput& in) { ...main thread... },
//       .run_job    = [](const NpcId& id, const NpcInput& in, NpcOutput& out) { ...pure... },
//   });
//   every frame:  slicer.update();
//                 if (const NpcOutput* out = slicer.newest(id)) use(*out);
// The optional fourth parameter is the history's key index: FlatKeyIndex (a
// hash, any key) or DenseKeyIndex (keys numbering things 0 .. N-1).
//
// One update (on frames that are multiples of P; every frame for Update All):
//   1. finish the jobs still in flight from an earlier update (next-frame
//      gathering), saving their outputs as the mode says;
//   2. when the current batch has been saved entirely, start a new batch (with
//      synchronous input, read every key's input now);
//   3. start up to J jobs of the batch, in batch order (with asynchronous
//      input, read each job's input as it starts);
//   4. with same-frame gathering, finish the jobs just started.
// Where the batch stands (started, finished, saved) is a BatchCursor
// (batch_cursor.h), the bookkeeping the exposure scene's gathering uses too.
// Asynchronous output saves a job's output when it is finished; synchronous
// output saves the whole batch, in batch order, when its last job is finished
// (SyncSave::LastFinish), or when the next batch starts (SyncSave::NextBatch,
// the article's demo: step 1 of the update after the last job finished).
//
// Why the history cannot lose a key's newest output: every batch saves each key
// exactly once and always in batch order, so between two saves of a key the
// other keys are saved at most once each, and a ring of batch size (twice that
// for synchronous output, the article's rule) still holds the key's entry. When
// that order is broken — a batch abandoned by restart_batch() or reset(), or a
// new key set — the ring is first rebuilt to one entry per key in the next
// batch's order. stats().lost_outputs counts violations; tests assert it is 0.
//
// Live changes (set_config) never drop results: a switch to asynchronous output
// saves the outputs already finished; a switch to synchronous output holds the
// rest of the batch until it ends; a switch of input timing applies to jobs
// not yet started; J, P, gathering and threading apply from the next update,
// and jobs in flight are finished by that update whatever its gathering —
// waited for the way they were started (joined, or completed in the pool).
//
// Threading (config.threading) changes where jobs run, never what they
// compute or when they are started, finished and saved: traces and outputs
// are identical for inline, thread-per-job and pool. Only the main thread
// reads inputs, saves outputs and writes the trace; a job writes nothing but
// its own output slot, so the history needs no lock.
//
// Threading contract (per call):
//   set_config, update, newest, restart_batch, reset, clear, set_trace,
//   set_job_system, set_profiler, all accessors: main thread only — the
//   thread that owns the timeslicer. No lock is taken: only the main thread
//   writes the history (docs/semantics.md, section 3). The destructor finishes jobs in flight.
//   newest may also run in jobs that the main thread waits for before it
//   calls anything else here (a pass over many keys split over the workers):
//   it only reads.
//   Callbacks: new_batch and read_input run on the main thread inside
//   update(); run_job may run on any thread, concurrently with other jobs and
//   with the main thread's code between updates, so it must read only its
//   key and input and write only its output.
//
// [SECTION] Batch progress and statistics
// [SECTION] Timeslicer: configuration, update, lookups, restarts
// [SECTION] Batches: starting, finishing, saving
// [SECTION] Running jobs: inline, a thread each, the job system
#pragma once

#include "core/base/words.h"
#include "core/jobs/job_system.h"
#include "core/timeslicing/batch_cursor.h"
#include "core/timeslicing/job_threads.h"
#include "core/timeslicing/keyed_history.h"
#include "core/jobs/profiler.h"
#include "core/timeslicing/timeslice_config.h"
#include "core/timeslicing/trace.h"

#include <algorithm>
#include <cassert>
#include <concepts>
#include <cstdint>
#include <functional>
#include <span>
#include <thread>
#include <vector>

namespace tsl {

// --- [SECTION] Batch progress and statistics ----------------------------------

// Where the current batch stands. Jobs are started, finished and saved in
// batch order, so these counts are also the positions of the next job.
struct BatchProgress {
    std::uint32_t batch = 0;     // number of the current batch since the last reset
    std::uint32_t size = 0;      // jobs in the current batch (0: none started yet)
    std::uint32_t started = 0;   // jobs started
    std::uint32_t finished = 0;  // jobs finished (gathered)
    std::uint32_t saved = 0;     // jobs whose output is visible to lookups
};

struct TimeslicerStats {
    std::uint64_t jobs_started = 0;  // since construction
    std::uint64_t outputs_saved = 0;
    std::uint64_t lost_outputs = 0;  // saves that evicted some key's only result (must stay 0)
};

// What the most recent update did.
struct UpdateStats {
    std::uint32_t jobs_started = 0;
    std::uint32_t jobs_finished = 0;    // gathered in this update (started in it or earlier)
    std::int64_t worker_busy_ns = 0;    // time the jobs gathered here ran on threads other than the main one
    std::int64_t wait_ns = 0;           // time the main thread spent waiting for them
};

// --- [SECTION] Timeslicer: configuration, update, lookups, restarts ------------

template <class Key, class Input, class Output, class Index = FlatKeyIndex<Key>>
class Timeslicer {
public:
    struct Callbacks {
        // Fills `keys` (cleared beforehand) with the keys of a new batch, in
        // the order their jobs will start. Main thread.
        std::function<void(std::vector<Key>& keys)> new_batch;
        // Reads the input of `key`'s job from the world. Main thread.
        std::function<void(const Key& key, Input& input)> read_input;
        // The timesliced algorithm. Any thread: reads key and input, writes output.
        std::function<void(const Key& key, const Input& input, Output& output)> run_job;
        // Key -> integer id for the trace. Defaults to a cast for integer keys.
        std::function<std::uint64_t(const Key& key)> trace_id;
    };

    // One job of the batch: its input, its output and how it ran.
    struct JobSlot {
        Input input{};
        Output output{};
        bool has_batch_input = false;  // input was read at batch start (synchronous input)
        // Written by the thread that runs the job, read by the main thread
        // after it has waited for the job. run_ns: its time, where run_job
        // times it (0 where it does not: on the main thread, no profiler).
        std::int64_t run_ns = 0;
        bool ran_off_main = false;
    };

    explicit Timeslicer(Callbacks callbacks, const TimeslicerConfig& config = {})
        : callbacks_(std::move(callbacks)) {
        assert(callbacks_.new_batch && callbacks_.read_input && callbacks_.run_job &&
               "Timeslicer: new_batch, read_input and run_job are all required");
        if constexpr (std::integral<Key>) {
            if (!callbacks_.trace_id)
                callbacks_.trace_id = [](const Key& key) { return static_cast<std::uint64_t>(key); };
        }
        set_config(config);
    }

    ~Timeslicer() { wait_for_jobs(); }

    Timeslicer(const Timeslicer&) = delete;
    Timeslicer& operator=(const Timeslicer&) = delete;

    // Main thread. Applies at once (see "Live changes" above). J and P below 1
    // are raised to 1.
    void set_config(const TimeslicerConfig& requested) {
        TimeslicerConfig config = requested;
        config.jobs_per_update = std::max<std::uint32_t>(1, config.jobs_per_update);
        config.update_every_frames = std::max<std::uint32_t>(1, config.update_every_frames);
        const bool held_outputs = saves_outputs_at_batch_end(config_.mode);
        config_ = config;
        // Outputs held for the batch's end are saved if the new config would
        // have saved them already (asynchronous output, or saving at the last finish).
        if (held_outputs || saves_outputs_at_batch_end(config_.mode)) save_finished(frame_);
        history_.set_capacity(history_capacity());
    }
    const TimeslicerConfig& config() const noexcept { return config_; }

    // Main thread. The pool that Threading::Pool uses (without one, pool
    // launches run inline), and the profiler that receives job and wait zones
    // (tagged with `pane`, the pane the timeslicer's scene is).
    // Jobs already started on another system are still waited for there: it
    // must outlive them (the next update, or the destructor, waits).
    void set_job_system(JobSystem* jobs) noexcept { job_system_ = jobs; }
    void set_profiler(Profiler* profiler, std::uint8_t pane = kNoPane) noexcept {
        profiler_ = profiler;
        pane_ = pane;
    }

    // Main thread, once per frame.
    void update() {
        const std::int64_t frame = frame_++;
        last_update_ = {};
        if (!is_update_frame(frame)) return;
        last_update_frame_ = frame;
        finish_in_flight(frame);
        if (batch_.all_finished()) save_finished(frame, /*batch_starting=*/true);  // SyncSave::NextBatch saves now
        if (batch_.all_saved()) start_new_batch(frame);
        start_jobs(frame);
        if (config_.gathering == Gathering::SameFrame) finish_in_flight(frame);
    }

    // Main thread, or jobs the main thread waits for before it calls anything
    // else here (a read only: the history changes only in the calls above and
    // below, on the main thread). The newest saved output of `key`, or
    // nullptr if it has none. O(1). Valid until the next update / set_config
    // / restart / clear.
    const Output* newest(const Key& key) const noexcept { return history_.newest(key); }

    // Main thread. Abandons the current batch; the next update starts a new
    // one (call it when the key set changes). Jobs in flight are finished
    // first; with asynchronous output their results are saved, with
    // synchronous output a partial batch is never made visible. Every key
    // keeps its newest saved output.
    void restart_batch() {
        finish_in_flight(frame_);
        save_finished(frame_, /*batch_starting=*/true);  // a whole batch held for the next one is saved
        history_.keep_newest_of(batch_keys_);
        batch_.abandon();
        started_last_update_ = {};
    }

    // Main thread. restart_batch(), then frame and batch numbers restart at 0.
    // Outputs are kept.
    void reset() {
        restart_batch();
        frame_ = 0;
        batches_started_ = 0;
        last_update_frame_ = -1;
    }

    // Main thread. reset() and forget every output.
    void clear() {
        reset();
        history_.clear();
    }

    // Everything the timeslicer will do next depends on, as a value (stepping
    // back in time: core/session/rewind.h). Taken between updates on the main
    // thread; jobs still in flight are not waited for: their inputs are kept
    // and restore() runs them again (run_job is pure, so they give the same
    // outputs). The configuration, callbacks, job system, profiler and trace
    // are not part of it.
    struct Snapshot {
        KeyedHistory<Key, Output, Index> history;
        std::vector<Key> batch_keys;
        std::vector<JobSlot> jobs;
        BatchCursor batch;
        std::uint32_t batch_number = 0, batches_started = 0;
        std::int64_t frame = 0, last_update_frame = -1;
        UnitRange started_last_update;
        TimeslicerStats stats;
        UpdateStats last_update;
    };
    // Main thread, between updates.
    Snapshot snapshot() const {
        Snapshot s{history_, batch_keys_, {}, batch_, batch_number_, batches_started_,
                   frame_, last_update_frame_, started_last_update_, stats_, last_update_};
        // A job in flight may be writing its output slot now: only its input is copied.
        const std::uint32_t in_flight_from = batch_.finished(), in_flight_to = batch_.started();
        s.jobs.resize(jobs_.size());
        for (std::uint32_t i = 0; i < jobs_.size(); ++i) {
            if (i >= in_flight_from && i < in_flight_to) {
                s.jobs[i].input = jobs_[i].input;
                s.jobs[i].has_batch_input = jobs_[i].has_batch_input;
            } else {
                s.jobs[i] = jobs_[i];
            }
        }
        return s;
    }
    // Main thread, between updates: back to `s` (of this timeslicer, with the
    // same configuration). The jobs in flight now are waited for and dropped;
    // those in flight in `s` run again here, on the calling thread.
    void restore(const Snapshot& s) {
        wait_for_jobs();
        history_ = s.history;
        batch_keys_ = s.batch_keys;
        jobs_ = s.jobs;
        batch_ = s.batch;
        batch_number_ = s.batch_number;
        batches_started_ = s.batches_started;
        frame_ = s.frame;
        last_update_frame_ = s.last_update_frame;
        started_last_update_ = s.started_last_update;
        stats_ = s.stats;
        last_update_ = s.last_update;
        for (std::uint32_t i = batch_.finished(); i < batch_.started(); ++i) run_job(i);
    }

    // Main thread. Events are appended to `trace` while it is set; nullptr
    // (the default) turns tracing off, leaving one predictable branch per event.
    void set_trace(TraceLog* trace) noexcept { trace_ = trace; }

    // --- Inspection (main thread) -------------------------------------------
    // Frames seen since the last reset; the next update() processes this frame.
    std::int64_t frame() const noexcept { return frame_; }
    BatchProgress progress() const noexcept {
        return {batch_number_, batch_.size(), batch_.started(), batch_.finished(), batch_.saved()};
    }
    std::span<const Key> batch_keys() const noexcept { return {batch_keys_.data(), batch_.size()}; }
    // Keys whose jobs the most recent update started (they stay "running"
    // until the next update, which may be P frames later).
    std::span<const Key> keys_started_in_last_update() const noexcept {
        return batch_keys().subspan(started_last_update_.first, started_last_update_.count);
    }
    // Frame of the most recent update since the last reset, or -1.
    std::int64_t last_update_frame() const noexcept { return last_update_frame_; }
    const TimeslicerStats& stats() const noexcept { return stats_; }
    const UpdateStats& last_update() const noexcept { return last_update_; }
    const KeyedHistory<Key, Output, Index>& history() const noexcept { return history_; }
    bool is_update_frame(std::int64_t frame) const noexcept {
        return config_.mode == Mode::UpdateAll || frame % config_.update_every_frames == 0;
    }

private:
    // The jobs started by the last launch and how, so that they are waited
    // for the same way — on the same job system — even if the threading or
    // the job system changes meanwhile.
    struct InFlight {
        Threading how = Threading::Inline;
        JobSystem* jobs = nullptr;  // Pool: the system the jobs were started on
        JobHandle handle;
        JobThreads threads;  // at most JobThreads::kMaxInFlight at once
    };
    // The article's rule: the batch size for asynchronous output, twice that
    // for synchronous output. Sized from the last batch's keys, which stay
    // known after a restart.
    std::uint32_t history_capacity() const noexcept {
        const auto keys = static_cast<std::uint32_t>(batch_keys_.size());
        return saves_outputs_at_batch_end(config_.mode) ? 2 * keys : keys;
    }

    void trace(std::int64_t frame, std::uint32_t job, TraceEvent event) {
        if (trace_) trace_->record(frame, trace_id(job), batch_number_, event);
    }

    // --- [SECTION] Batches: starting, finishing, saving ---------------------

    void start_new_batch(std::int64_t frame) {
        next_keys_.clear();
        callbacks_.new_batch(next_keys_);
        const auto count = static_cast<std::uint32_t>(next_keys_.size());
        if (!std::equal(next_keys_.begin(), next_keys_.end(), batch_keys_.begin(), batch_keys_.end())) {
            // A new key set: one entry per key, in the new order, before the
            // new batch pushes anything (see the header comment).
            history_.keep_newest_of(next_keys_);
            batch_keys_ = next_keys_;
        }
        history_.set_capacity(history_capacity());
        jobs_.resize(count);
        batch_.begin(count);
        if (count == 0) return;
        batch_number_ = batches_started_++;
        const bool sync_input = reads_inputs_at_batch_start(config_.mode);
        for (std::uint32_t i = 0; i < count; ++i) {
            jobs_[i].has_batch_input = sync_input;
            if (!sync_input) continue;
            callbacks_.read_input(batch_keys_[i], jobs_[i].input);
            trace(frame, i, TraceEvent::Input);
        }
    }

    void start_jobs(std::int64_t frame) {
        const std::uint32_t limit = config_.mode == Mode::UpdateAll ? batch_.size() : config_.jobs_per_update;
        const UnitRange started = batch_.start(limit);
        const bool sync_input = reads_inputs_at_batch_start(config_.mode);
        for (std::uint32_t i = started.first; i < started.end(); ++i) {
            JobSlot& job = jobs_[i];
            if (!(sync_input && job.has_batch_input)) {
                callbacks_.read_input(batch_keys_[i], job.input);
                trace(frame, i, TraceEvent::Input);
            }
            trace(frame, i, TraceEvent::Start);
        }
        started_last_update_ = started;
        stats_.jobs_started += started.count;
        last_update_.jobs_started += started.count;
        if (!started.empty()) launch_jobs(started.first, started.count);
    }

    void finish_in_flight(std::int64_t frame) {
        if (!batch_.in_flight()) return;
        wait_for_jobs();
        const UnitRange finished = batch_.finish_started();
        for (std::uint32_t i = finished.first; i < finished.end(); ++i) {
            trace(frame, i, TraceEvent::Finish);
            if (jobs_[i].ran_off_main) last_update_.worker_busy_ns += jobs_[i].run_ns;
        }
        last_update_.jobs_finished += finished.count;
        save_finished(frame);
    }

    // Saves the finished, unsaved jobs — all of them with asynchronous output,
    // only once the whole batch is finished with synchronous output.
    // SyncSave::NextBatch holds a whole batch until the next one starts (`batch_starting`).
    void save_finished(std::int64_t frame, bool batch_starting = false) {
        const bool whole_batch = saves_outputs_at_batch_end(config_.mode);
        if (whole_batch && config_.sync_save == SyncSave::NextBatch && !batch_starting) return;
        const UnitRange saved = batch_.save_finished(whole_batch);
        for (std::uint32_t i = saved.first; i < saved.end(); ++i) {
            if (!history_.push(batch_keys_[i], jobs_[i].output)) ++stats_.lost_outputs;
            ++stats_.outputs_saved;
            trace(frame, i, TraceEvent::Save);
        }
    }

    // --- [SECTION] Running jobs: inline, a thread each, the job system ----
    // Any thread: one job, timed where its time is used: off the main thread
    // (the workers' busy time) and as a zone of the calling thread's lane
    // while the profiler records. A job run on the main thread with no
    // profiler recording is not timed: two clock reads there would be most
    // of a small step's time in a page, where a read costs hundreds of ns
    // (web/README.md, "The page's clock, read directly").
    void run_job(std::uint32_t i) {
        JobSlot& job = jobs_[i];
        job.ran_off_main = std::this_thread::get_id() != owner_;
        const bool zone = profiler_ && profiler_->enabled();
        if (!job.ran_off_main && !zone) {
            job.run_ns = 0;
            callbacks_.run_job(batch_keys_[i], job.input, job.output);
            return;
        }
        const std::int64_t t0 = Profiler::now_ns();
        callbacks_.run_job(batch_keys_[i], job.input, job.output);
        const std::int64_t t1 = Profiler::now_ns();
        job.run_ns = t1 - t0;
        if (zone) profiler_->record({t0, t1, ZoneKind::Job, static_cast<std::uint32_t>(trace_id(i)), to_translate("decision job"), pane_});
    }

    std::uint64_t trace_id(std::uint32_t i) const { return callbacks_.trace_id ? callbacks_.trace_id(batch_keys_[i]) : i; }

    // Starts jobs [first, first + count) the configured way. Inline runs them
    // now; the others hand them over and return.
    void launch_jobs(std::uint32_t first, std::uint32_t count) {
        in_flight_.how = config_.threading;
        if (in_flight_.how == Threading::Pool && !job_system_) in_flight_.how = Threading::Inline;
        switch (in_flight_.how) {
            case Threading::Inline:
                for (std::uint32_t i = first; i < first + count; ++i) run_job(i);
                break;
            case Threading::ThreadPerJob: {
                // The article's version: one new thread per job, joined when
                // the job is gathered. Kept to show what that costs. Past
                // JobThreads::kMaxInFlight threads, each new one first joins the oldest.
                ZoneScope spawning(profiler_, ZoneKind::Spawn, to_translate("creating threads"), count, pane_);
                for (std::uint32_t i = first; i < first + count; ++i) {
                    const bool started = in_flight_.threads.start([this, i] {
                        if (profiler_) profiler_->use_shared_lane("threads (one per job)");
                        run_job(i);
                    });
                    if (!started) run_job(i);  // the system has no more threads to give: run it here
                }
                break;
            }
            case Threading::Pool: {
                // Chunks small enough that every thread gets some, large enough
                // that cheap jobs do not drown in bookkeeping.
                const auto grain = std::max<std::uint32_t>(1, count / (4 * (static_cast<std::uint32_t>(job_system_->worker_count()) + 1)));
                in_flight_.jobs = job_system_;
                in_flight_.handle = job_system_->parallel_for(count, grain, [this, first](std::uint32_t begin, std::uint32_t end) {
                    for (std::uint32_t i = begin; i < end; ++i) run_job(first + i);
                });
                break;
            }
        }
    }

    // Main thread: blocks until the last launch's jobs have all run.
    void wait_for_jobs() {
        if (in_flight_.how == Threading::Inline) return;
        const std::int64_t t0 = Profiler::now_ns();
        if (in_flight_.how == Threading::ThreadPerJob) {
            in_flight_.threads.join_all();
        } else {
            in_flight_.jobs->complete(in_flight_.handle);
            in_flight_.jobs = nullptr;
            in_flight_.handle = {};
        }
        in_flight_.how = Threading::Inline;
        const std::int64_t t1 = Profiler::now_ns();
        last_update_.wait_ns += t1 - t0;
        if (profiler_ && profiler_->enabled()) profiler_->record({t0, t1, ZoneKind::Wait, 0, to_translate("waiting for jobs"), pane_});
    }

    Callbacks callbacks_;
    TimeslicerConfig config_{};
    JobSystem* job_system_ = nullptr;
    Profiler* profiler_ = nullptr;
    std::uint8_t pane_ = kNoPane;
    std::thread::id owner_ = std::this_thread::get_id();
    InFlight in_flight_;
    UpdateStats last_update_;
    KeyedHistory<Key, Output, Index> history_;
    TraceLog* trace_ = nullptr;

    std::vector<Key> batch_keys_;  // keys of the current (or last) batch, in batch order
    std::vector<Key> next_keys_;   // scratch for new_batch
    std::vector<JobSlot> jobs_;
    BatchCursor batch_;  // jobs of the current batch started, finished, saved
    std::uint32_t batch_number_ = 0;
    std::uint32_t batches_started_ = 0;
    std::int64_t frame_ = 0;
    std::int64_t last_update_frame_ = -1;
    UnitRange started_last_update_;
    TimeslicerStats stats_;
};

}  // namespace tsl
