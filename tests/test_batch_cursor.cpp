// The batch cursor the timeslicer and the exposure scene share: units are
// started, finished and saved in batch order, and synchronous output saves a
// batch only whole (docs/semantics.md, sections 1 and 2).
#include "core/timeslicing/batch_cursor.h"

#include <catch2/catch.hpp>

using namespace tsl;

TEST_CASE("A batch's units are started, finished and saved in batch order, at most the limit started per update", "[timeslicer]") {
    BatchCursor batch;
    CHECK(batch.all_saved());  // before the first batch: a new one may begin
    batch.begin(5);
    CHECK_FALSE(batch.all_saved());
    const UnitRange first = batch.start(2);
    CHECK((first.first == 0 && first.count == 2));
    CHECK(batch.in_flight());
    const UnitRange done = batch.finish_started();
    CHECK((done.first == 0 && done.count == 2));
    CHECK_FALSE(batch.in_flight());
    const UnitRange saved = batch.save_finished(/*whole_batch=*/false);
    CHECK((saved.first == 0 && saved.count == 2));
    const UnitRange rest = batch.start(10);  // the limit is cut to what is left
    CHECK((rest.first == 2 && rest.count == 3));
    CHECK(batch.all_started());
    CHECK(batch.start(10).empty());
}

TEST_CASE("Synchronous output saves nothing until the batch's last unit is finished, then the whole batch", "[timeslicer]") {
    BatchCursor batch;
    batch.begin(4);
    batch.start(3);
    batch.finish_started();
    CHECK(batch.save_finished(/*whole_batch=*/true).empty());
    CHECK(batch.saved() == 0);
    batch.start(3);
    batch.finish_started();
    CHECK(batch.all_finished());
    const UnitRange saved = batch.save_finished(/*whole_batch=*/true);
    CHECK((saved.first == 0 && saved.count == 4));
    CHECK(batch.all_saved());
}

TEST_CASE("An abandoned batch lets the next update begin a new one", "[timeslicer]") {
    BatchCursor batch;
    batch.begin(6);
    batch.start(2);
    batch.finish_started();
    batch.abandon();
    CHECK(batch.all_saved());
    CHECK(batch.size() == 0);
    CHECK(batch.start(3).empty());
}
