package com.example.openlist

import android.content.Context
import com.android.installreferrer.api.InstallReferrerClient
import com.android.installreferrer.api.InstallReferrerStateListener

/** The link a user followed before installing the app, from the Play install referrer. */
object DeferredLinks {
    /** Reads the install referrer once, on the first launch, and opens the link it carries. */
    fun readInstallReferrerOnce(context: Context, open: (String) -> Unit) {
        val preferences = context.getSharedPreferences("links", Context.MODE_PRIVATE)
        if (preferences.getBoolean("referrerRead", false)) return
        val client = InstallReferrerClient.newBuilder(context).build()
        client.startConnection(object : InstallReferrerStateListener {
            override fun onInstallReferrerSetupFinished(responseCode: Int) {
                if (responseCode == InstallReferrerClient.InstallReferrerResponse.OK) {
                    // "deep_link=https%3A%2F%2Fopenlist.example.com%2Finvite%2FABC123%3Frole%3Deditor"
                    val referrer = client.installReferrer.installReferrer
                    val result = DeepLink.fromInstallReferrer(referrer)
                    if (result is ParseResult.Success) open(result.value.universalLink())
                }
                preferences.edit().putBoolean("referrerRead", true).apply()
                client.endConnection()
            }

            override fun onInstallReferrerServiceDisconnected() {}
        })
    }
}
