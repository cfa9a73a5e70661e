// result.h — the one shape of an answer that can fail: a value, or one line
// saying why there is none.
//
//     Result<Preset> load_preset(const std::string& path);
//     Status write_file(...);                        // Result<void>: done, or why not
//
//     Result<Preset> loaded = load_preset(path);
//     if (!loaded) return loaded.failure();          // "presets/x.toml:3: ...", and its kind
//     use(*loaded);
//
// A function that fails returns `Failed{"why"}` (and, when the caller must
// tell a name that does not fit from a broken file, `Failed{"why", FailKind::Refused}`);
// one that succeeds returns its value, or `{}` for a Status. A failure always
// says why: its text is never empty. Commands answer with a CommandResult
// (core/session/commands.h): the same line, an exit status and what was fitted.
#pragma once

#include <cassert>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace tsl {

// Why it failed, where the caller must tell failures apart. On the command
// line a name or value that does not fit is a usage error (exit status 2),
// anything else a broken file or a refusal of the machine (1).
enum class FailKind : std::uint8_t {
    Broken,   // it exists and is wrong, or could not be read, written or made
    Refused,  // a name or value that does not fit: no lesson or preset of that name, NAME=VALUE without '='
};

// The failure a function returns; converts to any Result.
struct Failed {
    std::string error;  // one line: "presets/x.toml:3: 'jobs' must be 1 to 64"
    FailKind kind = FailKind::Broken;
};

// The parts every Result shares: why it failed ("" when it did not).
class ResultError {
public:
    const std::string& error() const noexcept { return error_; }
    FailKind kind() const noexcept { return kind_; }
    // The failure as it is, to pass on: `if (!r) return r.failure();`.
    Failed failure() const { return {error_, kind_}; }

protected:
    ResultError() = default;
    explicit ResultError(Failed failed) : error_(std::move(failed.error)), kind_(failed.kind) { assert(!error_.empty()); }
    std::string error_;
    FailKind kind_ = FailKind::Broken;
};

template <class T>
class [[nodiscard]] Result : public ResultError {
public:
    template <class U>
        requires(std::constructible_from<T, U &&> && !std::same_as<std::remove_cvref_t<U>, Failed> &&
                 !std::same_as<std::remove_cvref_t<U>, Result>)
    Result(U&& value) : value_(std::forward<U>(value)) {}
    Result(Failed failed) : ResultError(std::move(failed)) {}

    explicit operator bool() const noexcept { return value_.has_value(); }
    T& operator*() & { return *value_; }
    const T& operator*() const& { return *value_; }
    T&& operator*() && { return std::move(*value_); }
    T* operator->() { return &*value_; }
    const T* operator->() const { return &*value_; }
    // The value, or nothing when it failed.
    std::optional<T>& value() & noexcept { return value_; }
    const std::optional<T>& value() const& noexcept { return value_; }
    std::optional<T>&& value() && noexcept { return std::move(value_); }

private:
    std::optional<T> value_;
};

template <>
class [[nodiscard]] Result<void> : public ResultError {
public:
    Result() = default;  // done
    Result(Failed failed) : ResultError(std::move(failed)) {}
    explicit operator bool() const noexcept { return error_.empty(); }
};

// Done, or why not.
using Status = Result<void>;

}  // namespace tsl
